"""Tokens and CRF features of a reference string (pure; no model, no I/O).

Tokens are runs of letters/digits (an apostrophe inside a word kept: "d'Amore") and single
punctuation characters
(``"41(3):280-288"`` -> ``41 ( 3 ) : 280 - 288``), each with its character offsets, so that
fields glued by punctuation can take different labels. Features of a token, as in anystyle
and GROBID: its lower-case form, shape (``Xxxx``, ``dddd``), length, capitalisation, whether
a space precedes or follows it, its relative position in the string (tenths, by token and
by character), bracket depth and quote state, small lexicons in English, Portuguese,
Spanish and German (month names, "In:/Em:/En:", "pp./p./S./págs.", "vol./v./Bd.",
"no./n./Nr./Heft", "et al./e outros/y otros/u. a.", editor and publisher words, venue
words, an abbreviation: a capitalised word of at most 6 letters followed by '.'), the
nearest punctuation before and after it, the length of the run of capitalised words it is
in, whether a year, a closing quote or an "In" came before it, the sentence-like segment
it sits in (periods after words of 2+ letters counted; whether it starts or ends one; the
segment's length, share of capitalised words, years, other numbers, initials, venue and
publisher words; the next segment's capitals, numbers, year and initials; the previous
segment's initials), the word features of the three tokens on each side, and the word
bigrams with the tokens before and after it.
"""

from __future__ import annotations

import re
from functools import lru_cache

_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*|[^\w\s]|_")

_MONTHS = frozenset(
    """
jan january feb february mar march apr april may jun june jul july aug august sep sept september
oct october nov november dec december janeiro fevereiro março marco abril maio junho julho agosto
setembro outubro novembro dezembro enero febrero marzo mayo junio julio septiembre octubre
noviembre diciembre januar februar märz mai juni juli oktober dezember fev abr mai ago set out dez
ene dic okt dez spring summer autumn fall winter
""".split()
)
_IN = frozenset("in em en dans im".split())
_PAGES = frozenset("pp p pages page pg pgs pág págs s seite seiten art article".split())
_VOL = frozenset("vol vols volume v bd band jg jahrgang t tomo tome".split())
_ISSUE = frozenset("no nos nr n num number issue heft h núm número fasc".split())
_ETAL = frozenset("et al outros otros u a others alii".split())
_EDITOR = frozenset(
    "ed eds editor editors edited hrsg herausgeber org orgs coord coords dir éd "
    "editado organizador organizadores".split()
)
_PUBLISHER = frozenset(
    "press publishers publishing publisher verlag editora editorial wiley "
    "springer elsevier sons university universidade universidad universität "
    "books routledge pearson academic ieee acm".split()
)
_VENUE = frozenset(
    "proceedings proc conference conf journal j workshop symposium transactions "
    "trans review rev letters lett annals bulletin revista zeitschrift anais actas "
    "congress congresso congreso tagung arxiv preprint corr international intl "
    "annual meeting association".split()
)
_CONJ = frozenset("and & und e y et".split())
_OPEN = frozenset("([{")
_CLOSE = frozenset(")]}")
_QUOTES = frozenset('"“”„«»')


def tokenize(text: str) -> list[tuple[str, int, int]]:
    """Tokens of ``text`` as (token, start, end) character offsets."""
    return [(m.group(0), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


def _shape(w: str) -> str:
    s = re.sub(r"[A-ZÀ-Þ]", "X", w)
    s = re.sub(r"[^\W\dX_]", "x", s)
    s = re.sub(r"\d", "d", s)
    return re.sub(r"(.)\1{2,}", r"\1\1\1", s)


@lru_cache(maxsize=65536)
def _word_features(w: str) -> dict[str, str | float]:
    """Features of a word alone (cached: words repeat across strings; callers must not
    change the dict returned)."""
    lw = w.lower()
    f: dict[str, str | float] = {"w": lw, "sh": _shape(w)}
    if w.isascii() and w.isdigit():
        n = int(w) if len(w) <= 6 else -1
        f["num"] = "year" if len(w) == 4 and 1500 <= n <= 2035 else f"d{min(len(w), 5)}"
    elif w.isalpha():
        f["cap"] = (
            "upper" if w.isupper() and len(w) > 1 else ("title" if w[0].isupper() else "lower")
        )
        if len(w) == 1:
            f["cap"] = "init" if w.isupper() else "letter"
        f["p3"] = lw[:3]
        f["s3"] = lw[-3:]
        f["len"] = str(min(len(w), 8))
    else:
        f["punct"] = w
    for name, lex in (
        ("month", _MONTHS),
        ("in", _IN),
        ("pp", _PAGES),
        ("vol", _VOL),
        ("iss", _ISSUE),
        ("etal", _ETAL),
        ("ed", _EDITOR),
        ("pub", _PUBLISHER),
        ("venue", _VENUE),
        ("conj", _CONJ),
    ):
        if lw in lex:
            f[name] = 1.0
    return f


_CLASS_KEYS = ("in", "venue", "pub", "ed", "month", "pp", "vol", "iss", "etal")


@lru_cache(maxsize=65536)
def word_class(w: str) -> str:
    """One coarse class of a token: "year", "dig" (other numbers), a lexicon name ("in",
    "venue", "pub", "ed", "month", "pp", "vol", "iss", "etal"), "p" + the character for
    punctuation, else its capitalisation ("title", "upper", "lower", "init", "letter", "x")."""
    f = _word_features(w)
    num = f.get("num")
    if num is not None:
        return "year" if num == "year" else "dig"
    for k in _CLASS_KEYS:
        if k in f:
            return k
    if "punct" in f:
        return "p" + str(f["punct"])
    return str(f.get("cap", "x"))


_NEAR_KEYS = ("num", "cap", "month", "in", "pp", "vol", "iss", "etal", "ed", "venue")
_FAR_KEYS = ("num", "cap", "in", "ed")


@lru_cache(maxsize=131072)
def _neighbour_features(w: str, off: int) -> dict[str, str | float]:
    """Features a token at offset ``off`` gives its neighbour ("-1:w", "2:cap", ...); cached,
    not to be changed by callers."""
    nb = _word_features(w)
    f: dict[str, str | float] = {f"{off}:w": str(nb["w"]), f"{off}:sh": str(nb["sh"])}
    for key in _NEAR_KEYS if abs(off) <= 2 else _FAR_KEYS:
        if key in nb:
            f[f"{off}:{key}"] = nb[key]
    return f


def _segments(tokens: list[tuple[str, int, int]], text: str) -> list[int]:
    """Sentence-like segment index of every token ("Authors. Title. Venue 12: 3-4."): a
    period, '?' or '!' outside brackets, followed by a space and after a word of 2+ letters
    (not an initial, "J. Smith"), closes a segment."""
    seg = 0
    depth = 0
    out: list[int] = []
    for i, (w, _, b) in enumerate(tokens):
        out.append(seg)
        if w in _OPEN:
            depth += 1
        elif w in _CLOSE:
            depth = max(0, depth - 1)
        elif (
            w in ".?!"
            and depth == 0
            and b < len(text)
            and text[b] == " "
            and i > 0
            and len(tokens[i - 1][0]) > 1
        ):
            seg += 1
    return out


def _segment_features(
    tokens: list[tuple[str, int, int]], base: list[dict[str, str | float]], segs: list[int]
) -> list[dict[str, str]]:
    """Per segment: its length (bins), share of capitalised words (title case or not),
    whether it holds a year, other digits, initials or a venue word."""
    n_seg = segs[-1] + 1 if segs else 0
    stats: list[dict[str, int]] = [
        dict(n=0, alpha=0, cap=0, year=0, dig=0, init=0, venue=0, pub=0) for _ in range(n_seg)
    ]
    for (_w, _, _), f, s in zip(tokens, base, segs, strict=False):
        st = stats[s]
        st["n"] += 1
        cap = f.get("cap")
        if cap is not None:
            st["alpha"] += 1
            st["cap"] += cap in ("title", "upper")
            st["init"] += cap == "init"
        num = f.get("num")
        if num == "year":
            st["year"] += 1
        elif num is not None:
            st["dig"] += 1
        st["venue"] += "venue" in f
        st["pub"] += "pub" in f
    out: list[dict[str, str]] = []
    for st in stats:
        share = st["cap"] / st["alpha"] if st["alpha"] else 0.0
        out.append(
            {
                "len": str(min(st["n"] // 3, 6)),
                "caps": "none"
                if not st["alpha"]
                else ("low" if share < 0.4 else ("mid" if share < 0.8 else "high")),
                "year": str(min(st["year"], 1)),
                "dig": str(min(st["dig"], 2)),
                "init": str(min(st["init"], 2)),
                "venue": str(min(st["venue"], 1)),
                "pub": str(min(st["pub"], 1)),
            }
        )
    return out


def _cap_runs(base: list[dict[str, str | float]]) -> list[int]:
    """Length of the run of capitalised words (function words inside allowed) each token is in."""
    n = len(base)
    run = [0] * n
    i = 0
    while i < n:
        if base[i].get("cap") in ("title", "upper"):
            j = i
            while j + 1 < n and (
                base[j + 1].get("cap") in ("title", "upper")
                or (
                    base[j + 1].get("cap") == "lower"
                    and len(str(base[j + 1]["w"])) <= 3
                    and j + 2 < n
                    and base[j + 2].get("cap") in ("title", "upper")
                )
            ):
                j += 1
            for k in range(i, j + 1):
                run[k] = j - i + 1
            i = j + 1
        else:
            i += 1
    return run


def _segment_context(seg_feats: list[dict[str, str]]) -> list[dict[str, str | float]]:
    """Per segment, the features of it ("s:"), of the next ("ns:") and of the previous
    ("ps:")."""
    out: list[dict[str, str | float]] = []
    for seg, feats in enumerate(seg_feats):
        ctx: dict[str, str | float] = {f"s:{k}": v for k, v in feats.items()}
        if seg + 1 < len(seg_feats):
            nxt = seg_feats[seg + 1]
            for k in ("caps", "dig", "year", "init"):
                ctx[f"ns:{k}"] = nxt[k]
        else:
            ctx["ns:none"] = 1.0
        if seg > 0:
            ctx["ps:init"] = seg_feats[seg - 1]["init"]
        out.append(ctx)
    return out


def _punctuation_around(tokens: list[tuple[str, int, int]]) -> tuple[list[str], list[str]]:
    """Per token, the nearest punctuation token before it ("^" at the start) and after it
    ("$" at the end): the field separators around it."""
    before: list[str] = []
    last = "^"
    for w, _, _ in tokens:
        before.append(last)
        if not w.isalnum():
            last = w
    after: list[str] = [""] * len(tokens)
    last = "$"
    for i in range(len(tokens) - 1, -1, -1):
        after[i] = last
        if not tokens[i][0].isalnum():
            last = tokens[i][0]
    return before, after


def token_features(text: str, tokens: list[tuple[str, int, int]]) -> list[dict[str, str | float]]:
    """CRFsuite feature dicts, one per token (string features are one-hot, floats weighted)."""
    n = len(tokens)
    base = [_word_features(w) for w, _, _ in tokens]
    segs = _segments(tokens, text)
    seg_feats = _segment_features(tokens, base, segs)
    seg_context = _segment_context(seg_feats)
    runs = _cap_runs(base)
    punct_before, punct_after = _punctuation_around(tokens)
    depth = 0
    quoted = False
    seen_year = False
    closed_quote = False
    seen_in = False
    out: list[dict[str, str | float]] = []
    for i, (w, a, b) in enumerate(tokens):
        seg = segs[i]
        f: dict[str, str | float] = {"bias": 1.0}
        f["seg"] = str(min(seg, 4))
        if seen_year:
            f["after_year"] = 1.0
        if closed_quote:
            f["after_quote"] = 1.0
        if seen_in:
            f["after_in"] = 1.0
        f.update(base[i])
        f["pos"] = str(min(9, i * 10 // max(n, 1)))
        f["cpos"] = str(min(9, a * 10 // max(len(text), 1)))
        if i < 3:
            f["first"] = str(i)
        if i >= n - 2:
            f["last"] = str(n - 1 - i)
        if i == 0 or segs[i - 1] != seg:
            f["seg_start"] = 1.0
        if i == n - 1 or segs[i + 1] != seg:
            f["seg_end"] = 1.0
        f.update(seg_context[seg])
        if runs[i]:
            f["caprun"] = str(min(runs[i], 5))
        sp_before = a > 0 and text[a - 1] == " "
        sp_after = b < len(text) and text[b] == " "
        f["sp"] = f"{int(sp_before)}{int(sp_after)}"
        if w in _OPEN:
            depth += 1
        if w in _QUOTES:
            quoted = not quoted if w in '"' else w in "“„«"
        f["depth"] = str(min(depth, 2))
        if quoted:
            f["quoted"] = 1.0
        if w in _CLOSE:
            depth = max(0, depth - 1)
        if w.isalpha() and w[:1].isupper() and len(w) <= 6 and b < len(text) and text[b] == ".":
            f["abbr"] = 1.0
        # the nearest punctuation before and after (the field separators around this token)
        f["pb"] = punct_before[i]
        f["pa"] = punct_after[i]
        for off in (-3, -2, -1, 1, 2, 3):
            j = i + off
            if 0 <= j < n:
                f.update(_neighbour_features(tokens[j][0], off))
            elif abs(off) <= 2:
                f[f"{off}:edge"] = 1.0
        if i > 0:
            f["bigram"] = f"{base[i - 1]['w']}|{base[i]['w']}"
        if i + 1 < n:
            f["bigram+"] = f"{base[i]['w']}|{base[i + 1]['w']}"
        out.append(f)
        if base[i].get("num") == "year":
            seen_year = True
        if "in" in base[i] and (i == 0 or not tokens[i - 1][0].isalnum()):
            seen_in = True
        if w in "”»" or (w == '"' and not quoted):
            closed_quote = True
    return out


# The same features as CRFsuite attribute names, built from per-word pieces computed once:
# what the labeller hands the tagger for every string it labels.


def _attrs(f: dict[str, str | float]) -> tuple[str, ...]:
    """A feature dict as CRFsuite attribute names, in the dict's order: a string feature
    ``k: v`` is ``"k:v"`` (as CRFsuite names it), a float feature (always 1.0 here) is ``k``."""
    return tuple(k if isinstance(v, float) else f"{k}:{v}" for k, v in f.items())


@lru_cache(maxsize=65536)
def _word_attrs(w: str) -> tuple[str, ...]:
    return _attrs(_word_features(w))


@lru_cache(maxsize=131072)
def _neighbour_attrs(w: str, off: int) -> tuple[str, ...]:
    return _attrs(_neighbour_features(w, off))


_OFFSETS = (-3, -2, -1, 1, 2, 3)
_EDGE = {off: (f"{off}:edge",) if abs(off) <= 2 else () for off in _OFFSETS}
_POS = tuple(f"pos:{k}" for k in range(10))
_CPOS = tuple(f"cpos:{k}" for k in range(10))
_SEG = tuple(f"seg:{k}" for k in range(5))
_LAST = ("last:1", "last:0")  # indexed by i - (n - 2)
_CAPRUN = tuple(f"caprun:{k}" for k in range(6))
_SP = {(a, b): f"sp:{int(a)}{int(b)}" for a in (False, True) for b in (False, True)}
_DEPTH = ("depth:0", "depth:1", "depth:2")


def _positional_attrs(
    text: str, tokens: list[tuple[str, int, int]], segs: list[int]
) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], list[str], list[list[tuple[str, ...]]]]:
    """Per token: its segment start/end flags, its first/last position flags, its spacing,
    and (per offset of :data:`_OFFSETS`) the attributes its neighbours give it."""
    n = len(tokens)
    words = [w for w, _, _ in tokens]
    ends = [*(segs[i + 1] != segs[i] for i in range(n - 1)), True]
    bounds: list[tuple[str, ...]] = [
        ("seg_start", "seg_end") if s and e else ("seg_start",) if s else ("seg_end",) if e else ()
        for s, e in zip([True, *ends[:-1]], ends, strict=True)
    ]
    edges: list[tuple[str, ...]] = [
        ("first:0",),
        ("first:1",),
        ("first:2",),
        *[()] * max(n - 3, 0),
    ][:n]
    for i in range(max(n - 2, 0), n):
        edges[i] = (*edges[i], _LAST[i - (n - 2)])
    sp = [
        _SP[(a > 0 and text[a - 1] == " ", b < len(text) and text[b] == " ")] for _, a, b in tokens
    ]
    near = [
        [
            _neighbour_attrs(words[i + off], off) if 0 <= i + off < n else _EDGE[off]
            for i in range(n)
        ]
        for off in _OFFSETS
    ]
    return bounds, edges, sp, near


def token_attributes(text: str, tokens: list[tuple[str, int, int]]) -> list[list[str]]:
    """The features of :func:`token_features` as CRFsuite attribute names, one list per
    token, in the same order: a string feature ``k: v`` is ``"k:v"``, a float feature
    (weight 1.0) is ``"k"``. CRFsuite reads the two forms alike, so a model tags them
    alike; this form is built from per-word pieces cached across strings, each piece
    computed for all tokens at once (the labeller's fast path). Returns [] for no tokens."""
    n = len(tokens)
    if not n:
        return []
    words = [w for w, _, _ in tokens]
    base = [_word_features(w) for w in words]
    segs = _segments(tokens, text)
    seg_context = [_attrs(c) for c in _segment_context(_segment_features(tokens, base, segs))]
    runs = _cap_runs(base)
    punct_before, punct_after = _punctuation_around(tokens)
    n_text = max(len(text), 1)
    bounds, edges, sp, near = _positional_attrs(text, tokens, segs)
    lower = [str(f["w"]) for f in base]
    out: list[list[str]] = []
    after: tuple[str, ...] = ()  # after_year, after_quote, after_in once seen, in that order
    seen_year = closed_quote = seen_in = quoted = False
    depth = 0
    for i, (w, a, b) in enumerate(tokens):
        if w in _OPEN:
            depth += 1
        if w in _QUOTES:
            quoted = not quoted if w in '"' else w in "“„«"
        f = [
            "bias",
            _SEG[min(segs[i], 4)],
            *after,
            *_word_attrs(w),
            _POS[min(9, i * 10 // n)],
            _CPOS[min(9, a * 10 // n_text)],
            *edges[i],
            *bounds[i],
            *seg_context[segs[i]],
        ]
        if runs[i]:
            f.append(_CAPRUN[min(runs[i], 5)])
        f.append(sp[i])
        f.append(_DEPTH[min(depth, 2)])
        if quoted:
            f.append("quoted")
        if w in _CLOSE:
            depth = max(0, depth - 1)
        if w.isalpha() and w[:1].isupper() and len(w) <= 6 and b < len(text) and text[b] == ".":
            f.append("abbr")
        f += ("pb:" + punct_before[i], "pa:" + punct_after[i])
        f += (*near[0][i], *near[1][i], *near[2][i], *near[3][i], *near[4][i], *near[5][i])
        if i > 0:
            f.append(f"bigram:{lower[i - 1]}|{lower[i]}")
        if i + 1 < n:
            f.append(f"bigram+:{lower[i]}|{lower[i + 1]}")
        out.append(f)
        changed = False
        if not seen_year and base[i].get("num") == "year":
            seen_year = changed = True
        if not closed_quote and (w in "”»" or (w == '"' and not quoted)):
            closed_quote = changed = True
        if not seen_in and "in" in base[i] and (i == 0 or not words[i - 1].isalnum()):
            seen_in = changed = True
        if changed:
            after = tuple(
                x
                for x, on in (
                    ("after_year", seen_year),
                    ("after_quote", closed_quote),
                    ("after_in", seen_in),
                )
                if on
            )
    return out
