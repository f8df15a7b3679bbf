"""Tokens and CRF features of a reference string (pure; no model, no I/O).

Tokens are runs of letters/digits (an apostrophe inside a word kept: "d'Amore") and single
punctuation characters
(``"41(3):280-288"`` -> ``41 ( 3 ) : 280 - 288``), each with its character offsets, so that
fields glued by punctuation can take different labels. Features of a token: its lower-case
form, shape (``Xxxx``, ``dddd``), length, capitalisation, whether a space precedes or
follows it, its relative position in the string (tenths), bracket depth and quote state,
small lexicons in English, Portuguese, Spanish and German (month names, "In:/Em:/En:",
"pp./p./S./págs.", "vol./v./Bd.", "no./n./Nr./Heft", "et al./e outros/y otros/u. a.",
editor and publisher words, an abbreviation: a capitalised word of at most 6 letters
followed by '.'), the sentence-like segment it sits in (periods after words of 2+
letters counted), whether a year or a closing quote came before it, and the same word
features for the two tokens on each side.
"""

from __future__ import annotations

import re

_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*|[^\w\s]|_")

_MONTHS = frozenset("""
jan january feb february mar march apr april may jun june jul july aug august sep sept september
oct october nov november dec december janeiro fevereiro março marco abril maio junho julho agosto
setembro outubro novembro dezembro enero febrero marzo mayo junio julio septiembre octubre
noviembre diciembre januar februar märz mai juni juli oktober dezember fev abr mai ago set out dez
ene dic okt dez spring summer autumn fall winter
""".split())
_IN = frozenset("in em en dans im".split())
_PAGES = frozenset("pp p pages page pg pgs pág págs s seite seiten art article".split())
_VOL = frozenset("vol vols volume v bd band jg jahrgang t tomo tome".split())
_ISSUE = frozenset("no nos nr n num number issue heft h núm número fasc".split())
_ETAL = frozenset("et al outros otros u a others alii".split())
_EDITOR = frozenset("ed eds editor editors edited hrsg herausgeber org orgs coord coords dir éd "
                    "editado organizador organizadores".split())
_PUBLISHER = frozenset("press publishers publishing publisher verlag editora editorial wiley "
                       "springer elsevier sons university universidade universidad universität "
                       "books routledge pearson academic ieee acm".split())
_VENUE = frozenset("proceedings proc conference conf journal j workshop symposium transactions "
                   "trans review rev letters lett annals bulletin revista zeitschrift anais actas "
                   "congress congresso congreso tagung arxiv preprint corr international intl "
                   "annual meeting association".split())
_CONJ = frozenset("and & und e y et".split())
_OPEN = frozenset("([{")
_CLOSE = frozenset(")]}")
_QUOTES = frozenset("\"“”„«»")


def tokenize(text: str) -> list[tuple[str, int, int]]:
    """Tokens of ``text`` as (token, start, end) character offsets."""
    return [(m.group(0), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


def _shape(w: str) -> str:
    s = re.sub(r"[A-ZÀ-Þ]", "X", w)
    s = re.sub(r"[^\W\dX_]", "x", s)
    s = re.sub(r"\d", "d", s)
    return re.sub(r"(.)\1{2,}", r"\1\1\1", s)


def _word_features(w: str) -> dict[str, str | float]:
    lw = w.lower()
    f: dict[str, str | float] = {"w": lw, "sh": _shape(w)}
    if w.isascii() and w.isdigit():
        n = int(w) if len(w) <= 6 else -1
        f["num"] = "year" if len(w) == 4 and 1500 <= n <= 2035 else f"d{min(len(w), 5)}"
    elif w.isalpha():
        f["cap"] = "upper" if w.isupper() and len(w) > 1 else ("title" if w[0].isupper() else "lower")
        if len(w) == 1:
            f["cap"] = "init" if w.isupper() else "letter"
        f["p3"] = lw[:3]
        f["s3"] = lw[-3:]
        f["len"] = str(min(len(w), 8))
    else:
        f["punct"] = w
    for name, lex in (("month", _MONTHS), ("in", _IN), ("pp", _PAGES), ("vol", _VOL),
                      ("iss", _ISSUE), ("etal", _ETAL), ("ed", _EDITOR), ("pub", _PUBLISHER),
                      ("venue", _VENUE), ("conj", _CONJ)):
        if lw in lex:
            f[name] = 1.0
    return f


def token_features(text: str, tokens: list[tuple[str, int, int]]) -> list[dict[str, str | float]]:
    """CRFsuite feature dicts, one per token (string features are one-hot, floats weighted)."""
    n = len(tokens)
    base = [_word_features(w) for w, _, _ in tokens]
    depth = 0
    quoted = False
    seg = 0  # sentence-like segments seen so far ("Authors. Title. Venue")
    seen_year = False
    closed_quote = False
    out: list[dict[str, str | float]] = []
    for i, (w, a, b) in enumerate(tokens):
        f: dict[str, str | float] = {"bias": 1.0}
        f["seg"] = str(min(seg, 4))
        if seen_year:
            f["after_year"] = 1.0
        if closed_quote:
            f["after_quote"] = 1.0
        f.update(base[i])
        f["pos"] = str(min(9, i * 10 // max(n, 1)))
        if i < 3:
            f["first"] = str(i)
        if i >= n - 2:
            f["last"] = str(n - 1 - i)
        sp_before = a > 0 and text[a - 1] == " "
        sp_after = b < len(text) and text[b] == " "
        f["sp"] = f"{int(sp_before)}{int(sp_after)}"
        if w in _OPEN:
            depth += 1
        if w in _QUOTES:
            quoted = not quoted if w in "\"" else w in "“„«"
        f["depth"] = str(min(depth, 2))
        if quoted:
            f["quoted"] = 1.0
        if w in _CLOSE:
            depth = max(0, depth - 1)
        if w.isalpha() and w[:1].isupper() and len(w) <= 6 and b < len(text) and text[b] == ".":
            f["abbr"] = 1.0
        for off in (-2, -1, 1, 2):
            j = i + off
            if 0 <= j < n:
                nb = base[j]
                f[f"{off}:w"] = str(nb["w"])
                f[f"{off}:sh"] = str(nb["sh"])
                for key in ("num", "cap", "month", "in", "pp", "vol", "iss", "etal", "ed", "venue"):
                    if key in nb:
                        f[f"{off}:{key}"] = nb[key]
            else:
                f[f"{off}:edge"] = 1.0
        if i > 0:
            f["bigram"] = f"{base[i - 1]['w']}|{base[i]['w']}"
        out.append(f)
        if base[i].get("num") == "year":
            seen_year = True
        if w in "”»" or (w == '"' and not quoted):
            closed_quote = True
        if w in ".?!" and depth == 0 and sp_after and i > 0 and len(tokens[i - 1][0]) > 1:
            seg += 1  # not after an initial ("J. Smith")
    return out
