"""Training pairs for the claim verifier: (premise, claim, label) from third-party sets and
from papers (synthetic, :mod:`grounding.verifier.edits`).

Labels are ``supported`` / ``refuted`` / ``nei`` (:data:`LABELS`, in the model's output order).
Every pair names its set (``source``) and a ``group`` (the paper, table or claim it comes
from) so that held-out splits never share a group with training.

Third-party sets, read from ``<data>/external`` (see ``external/nli/README.md`` there for
licences; all permit training, WiCE's web text may train but is never shipped):

=====================  ===========================================  ========================
set                    file(s)                                      used as
=====================  ===========================================  ========================
snli                   nli/esnli-snli/snli_dev.jsonl                3-way, sampled
mnli                   nli/mnli-sample/mnli_{matched,mismatched}    3-way
fever                  nli/fever-nli/fever_dev_covidfact_rte.jsonl  2-way, sampled
fm2                    nli/fool-me-twice/fm2_dev_gold_evidence      2-way
wice                   nli/wice/wice_oracle_chunks_dev.jsonl        supported / nei
check-covid            check-covid/covidCheck_train_*.json          claim + rationale
citation-integrity     citation-integrity/jedick_citint_*_train     claim + cited sentences
=====================  ===========================================  ========================

Kept out of training, for scoring only: SNLI test, FEVER-Symmetric, FM2 test, SciTab,
Check-COVID dev, Citation-Integrity dev, GroundQA and groundqa-more.

Synthetic pairs (:func:`paper_pairs`) follow MiniCheck's recipe with rules instead of an
LLM: a sentence of a paper with a window of its own page around it (supported), the same
sentence loosened (a parenthesis dropped, cut after its first clause, set in a reporting
frame: supported), the sentence or its loosened form with one controlled edit (refuted, or
nei for a hedge made certain), the sentence
against a close window of the same page that does not hold it, or with the sentence itself
removed (nei), and two neighbouring sentences claimed together (supported) or with one of
them edited (refuted).

Written pairs (:func:`written_pairs`, the files of ``grounding/verifier/written/``): exact
passages of the same PDFs with claims in an answer's own words (paraphrase, summary, a
subtle error, an on-topic statement the passage does not make), which the synthetic pairs'
near copies cannot teach.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from grounding.verifier import edits

LABELS = ("supported", "refuted", "nei")


@dataclass(frozen=True, slots=True)
class Pair:
    """One training or scoring pair. premise: evidence text. claim: the statement.
    label: one of LABELS. source: the set. group: what must not cross a split."""

    premise: str
    claim: str
    label: str
    source: str
    group: str


_PTB = {
    "-LRB-": "(",
    "-RRB-": ")",
    "-LSB-": "[",
    "-RSB-": "]",
    "-COLON-": ":",
    "``": '"',
    "''": '"',
}
_SPACE_PUNCT = re.compile(r"\s+([.,;:!?)\]'])|([(\[])\s+")
_CITE_MARK = re.compile(r"\s*\[?<\|(?:multi_|other_)?cit\|>\]?(?:\s*,\s*\d+)*")
_BRACKET_CITE = re.compile(r"\s*\[\d+(?:\s*[,–-]\s*\d+)*\]")


def detokenize(text: str) -> str:
    """Undo Penn-Treebank style tokenisation ("-LRB- 1997 -RRB- ." -> "(1997).")."""
    for k, v in _PTB.items():
        text = text.replace(k, v)
    text = " ".join(text.split())
    return _SPACE_PUNCT.sub(lambda m: m.group(1) or m.group(2), text)


def _jsonl(path: Path) -> Iterator[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _nli_set(path: Path, source: str, tokenised: bool = False) -> list[Pair]:
    out = []
    for r in _jsonl(path):
        label = r.get("label")
        if label not in LABELS or not r.get("premise") or not r.get("hypothesis"):
            continue
        premise, claim = str(r["premise"]), str(r["hypothesis"])
        if tokenised:
            premise, claim = detokenize(premise), detokenize(claim)
        group = str(r.get("orig_id") or r["id"])
        out.append(Pair(premise.strip(), claim.strip(), str(label), source, f"{source}:{group}"))
    return out


def _sample(pairs: list[Pair], n: int | None, rng: random.Random) -> list[Pair]:
    if n is None or len(pairs) <= n:
        return pairs
    return rng.sample(pairs, n)


def check_covid_pairs(root: Path, split: str) -> list[Pair]:
    """Check-COVID claims with their rationale sentences (PRIMARY and SUPPLEMENTARY, in
    abstract order) as the premise; SUPPORT / REFUTE / NOTENOUGHINFO."""
    corpus = {str(r["cord_id"]): r for r in _jsonl(root / "check-covid" / "corpus.json")}
    mapping = {"SUPPORT": "supported", "REFUTE": "refuted", "NOTENOUGHINFO": "nei"}
    out = []
    for kind in ("composed", "extracted"):
        for r in _jsonl(root / "check-covid" / f"covidCheck_{split}_{kind}.json"):
            doc = corpus.get(str(r["cord_id"]))
            if doc is None:
                continue
            sents = list(doc["abstract"])  # type: ignore[call-overload]
            idx = sorted(
                {
                    int(e["sent_index"])
                    for e in r["evidence_set"]  # type: ignore[attr-defined]
                    if int(e["sent_index"]) < len(sents)
                }
            )
            if not idx:
                continue
            premise = " ".join(str(sents[i]) for i in idx)
            out.append(
                Pair(
                    premise,
                    str(r["claim"]).strip(),
                    mapping[str(r["label"])],
                    "check-covid",
                    f"check-covid:{r['cord_id']}",
                )
            )
    return out


def citation_integrity_pairs(root: Path, split: str, sentences: int = 3) -> list[Pair]:
    """Citation-Integrity citing sentences (citation markers removed) against the first
    ``sentences`` sentences retrieved from the cited article (sentence 0 is the evidence);
    SUPPORT / REFUTE, no evidence = nei."""
    base = root / "citation-integrity"
    docs = {
        int(r["doc_id"]): r["abstract"]  # type: ignore[call-overload]
        for r in _jsonl(base / "jedick_citint_corpus.jsonl")
    }
    mapping = {"SUPPORT": "supported", "REFUTE": "refuted"}
    out = []
    for r in _jsonl(base / f"jedick_citint_claims_{split}.jsonl"):
        claim = " ".join(_CITE_MARK.sub("", str(r["claim"])).split())
        for doc_id in r["cited_doc_ids"]:  # type: ignore[attr-defined]
            sents = docs.get(int(doc_id))
            if not sents:
                continue
            ev = r["evidence"].get(str(doc_id), [])  # type: ignore[attr-defined]
            label = mapping.get(ev[0]["label"], "nei") if ev else "nei"
            premise = " ".join(str(s) for s in list(sents)[:sentences])  # type: ignore[call-overload]
            out.append(
                Pair(premise, claim, label, "citation-integrity", f"citation-integrity:{r['id']}")
            )
    return out


# ------------------------------------------------------------------ synthetic, from papers
_REFS = re.compile(
    r"^\s*(?:\d+\.?\s*)?(?:References|REFERENCES|Bibliography|Literature Cited|"
    r"Acknowledg(?:e)?ments?)\s*$",
    re.M,
)
_CONNECTIVE = re.compile(
    r"^(?:However|Moreover|Furthermore|In addition|Additionally|Thus|Hence|"
    r"Therefore|Consequently|Overall|Finally|Similarly|Indeed|Notably|"
    r"In contrast|By contrast|Importantly|Also|First|Second|Third),\s+"
)
_CAPTION = re.compile(r"^(?:Table|Fig\.?|Figure)\s+\d+")


def _rephrase(s: str) -> str:
    s = _BRACKET_CITE.sub("", s)
    m = _CONNECTIVE.match(s)
    if m:
        s = s[m.end() :]
        s = s[:1].upper() + s[1:]
    s = re.sub(r"^We\b", "The authors", s)
    s = re.sub(r"\bwe\b", "the authors", s)
    s = re.sub(r"\bour\b", "the authors'", s)
    return " ".join(s.split())


def _good_sentence(s: str) -> bool:
    words = s.split()
    if not 8 <= len(words) <= 45 or _CAPTION.match(s):
        return False
    letters = sum(c.isalpha() for c in s)
    return letters >= 0.6 * len(s) and s[:1].isupper() and s.rstrip()[-1:] in ".!?"


def page_sentences(texts: Sequence[str]) -> list[list[str]]:
    """Per page, its body sentences in order (joined lines, references and after dropped)."""
    from grounding.sentences import split_sentences

    out: list[list[str]] = []
    for text in texts:
        m = _REFS.search(text)
        if m:
            text = text[: m.start()]
        flat = " ".join(text.split())
        out.append([s.text for s in split_sentences(flat)])
        if m:
            break
    return out


def paper_pairs(
    texts: Sequence[str], group: str, rng: random.Random, per_page: int = 12
) -> list[Pair]:
    """Synthetic pairs from one paper's page texts (see the module docstring).

    Args: texts: the pages' text in order. group: the paper's name. per_page: at most this
    many source sentences per page.
    """
    pages = page_sentences(texts)
    pool = edits.terms(" ".join(texts))
    out: list[Pair] = []

    def add(premise: str, claim: str, label: str) -> None:
        out.append(Pair(premise, claim, label, "synthetic", f"paper:{group}"))

    for sents in pages:
        good = [i for i, s in enumerate(sents) if _good_sentence(s)]
        for i in rng.sample(good, min(per_page, len(good))):
            lo = max(0, i - rng.randint(0, 2))
            hi = min(len(sents), i + 1 + rng.randint(0, 2))
            window = " ".join(sents[lo:hi])
            claim = _rephrase(sents[i])
            add(window, claim, "supported")
            # the same said in other surface form, and the edit below made to that form:
            # a difference of wording alone does not refute
            loose = edits.loosen(claim, rng)
            if loose is not None:
                add(window, loose[0], "supported")
                if rng.random() < 0.5:
                    claim = loose[0]
            # one controlled edit
            kinds = ["negation", "direction", "quantifier", "number", "entity", "order", "hedge"]
            rng.shuffle(kinds)
            for kind in kinds:
                if kind == "number":
                    edited = edits.number(
                        claim, rng, forbidden=re.findall(r"\d+(?:\.\d+)?", window)
                    )
                elif kind == "entity":
                    edited = edits.entity(claim, rng, pool, window)
                else:
                    edited = getattr(edits, kind)(claim, rng)
                if edited is not None:
                    add(window, edited[0], "nei" if kind == "hedge" else "refuted")
                    break
            # not stated: the stating sentence removed, or a close window without it
            rest = [s for j, s in enumerate(sents[max(0, i - 2) : i + 3], max(0, i - 2)) if j != i]
            if rest and rng.random() < 0.5:
                add(" ".join(rest), claim, "nei")
            else:
                far = [j for j in range(len(sents)) if abs(j - i) > 2]
                if far:
                    j = rng.choice(far)
                    add(" ".join(sents[j : j + rng.randint(1, 3)]), claim, "nei")
            # two sentences claimed together
            if i + 1 < len(sents) and _good_sentence(sents[i + 1]) and rng.random() < 0.35:
                second = _rephrase(sents[i + 1])
                both = claim.rstrip(".") + ", and " + second[:1].lower() + second[1:]
                premise = " ".join(sents[max(0, i - 1) : i + 2])
                if rng.random() < 0.5:
                    add(premise, both, "supported")
                else:
                    edited = edits.negation(second, rng) or edits.direction(second, rng)
                    if edited is not None:
                        add(
                            premise,
                            claim.rstrip(".") + ", and " + edited[0][:1].lower() + edited[0][1:],
                            "refuted",
                        )
    return out


def pdf_pairs(pdfs: Iterable[Path], rng: random.Random, per_page: int = 25) -> list[Pair]:
    """:func:`paper_pairs` for each PDF (read with :func:`grounding.pdf.read_pdf`)."""
    from grounding.pdf import read_pdf

    out: list[Pair] = []
    for pdf in sorted(pdfs):
        doc = read_pdf(pdf)
        out.extend(paper_pairs([p.text for p in doc.pages], pdf.stem, rng, per_page))
    return out


# ------------------------------------------------------------------------------ the mix
#: pairs taken from each general-domain set (None: all)
MIX: dict[str, int | None] = {"snli": 7000, "mnli": None, "fever": 6000, "fm2": None, "wice": None}
#: times each written pair is in the mix: the few pairs in an answer's own words
WRITTEN_REPEAT = 2


def training_pairs(data: Path, seed: int = 0, papers: Sequence[Path] | None = None) -> list[Pair]:
    """The whole training mix, in a fixed order for ``seed``.

    Args: data: the shared data folder (holds ``external/`` and ``papers-more/``).
          papers: PDFs for the synthetic pairs (default: every ``papers-more/*.pdf``).
    The written pairs (:func:`written_pairs`) come last, each :data:`WRITTEN_REPEAT` times.
    Raises: FileNotFoundError if a set's file is missing.
    """
    rng = random.Random(seed)
    ext = data / "external"
    nli = ext / "nli"
    pairs: list[Pair] = []
    pairs += _sample(_nli_set(nli / "esnli-snli" / "snli_dev.jsonl", "snli"), MIX["snli"], rng)
    pairs += _sample(
        _nli_set(nli / "mnli-sample" / "mnli_matched.jsonl", "mnli")
        + _nli_set(nli / "mnli-sample" / "mnli_mismatched.jsonl", "mnli"),
        MIX["mnli"],
        rng,
    )
    pairs += _sample(
        _nli_set(nli / "fever-nli" / "fever_dev_covidfact_rte.jsonl", "fever", tokenised=True),
        MIX["fever"],
        rng,
    )
    pairs += _sample(
        _nli_set(nli / "fool-me-twice" / "fm2_dev_gold_evidence.jsonl", "fm2"), MIX["fm2"], rng
    )
    pairs += _sample(
        _nli_set(nli / "wice" / "wice_oracle_chunks_dev.jsonl", "wice"), MIX["wice"], rng
    )
    pairs += check_covid_pairs(ext, "train")
    pairs += citation_integrity_pairs(ext, "train")
    if papers is None:
        papers = sorted((data / "papers-more").glob("*.pdf"))
    pairs += pdf_pairs(papers, rng)
    pairs += written_pairs() * WRITTEN_REPEAT
    return pairs


#: pairs written by hand for the PDFs of ``papers-more/`` (one JSONL file a paper)
WRITTEN = Path(__file__).with_name("written")


def written_pairs(folder: Path = WRITTEN) -> list[Pair]:
    """Hand-written pairs: an exact passage of a paper and a claim about it in an answer's
    words (paraphrase or summary: supported; one subtle error the passage disproves:
    refuted; an on-topic statement the passage does not make: nei).

    Each line of ``folder/<paper>.jsonl`` holds ``pdf``, ``page`` (1-based), ``premise``,
    ``claim``, ``label`` and ``kind``; the pair's group is the paper, as for
    :func:`paper_pairs`, so a held-out paper keeps both kinds out of training.
    Raises: FileNotFoundError if ``folder`` holds no JSONL file (the folder ships with the
    repository, not with a built package); ValueError naming the file and line of a
    malformed line or an unknown label.
    """
    files = sorted(folder.glob("*.jsonl"))
    if not files:
        raise FileNotFoundError(f"no written pairs (*.jsonl) in {folder}")
    out: list[Pair] = []
    for path in files:
        out += read_pair_file(path, partial(_written_pair, group=f"paper:{path.stem}"))
    return out


def _written_pair(r: dict[str, Any], _line: int, group: str) -> Pair:
    return Pair(
        " ".join(str(r["premise"]).split()),
        " ".join(str(r["claim"]).split()),
        str(r["label"]),
        "written",
        group,
    )


def read_pair_file(path: Path, make: Callable[[dict[str, Any], int], Pair]) -> list[Pair]:
    """The pairs of a JSONL file, one object a line (blank lines skipped), each made by
    ``make(object, line number)``.

    Raises: ValueError naming the file and line of a line that is not JSON, lacks a field
    ``make`` reads, or has a label outside :data:`LABELS`.
    """
    out: list[Pair] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            pair = make(json.loads(line), n)
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{n}: not a pair ({type(exc).__name__}: {exc})") from exc
        if pair.label not in LABELS:
            raise ValueError(f"{path}:{n}: label {pair.label!r} is not one of {LABELS}")
        out.append(pair)
    return out


_FROM_PAPERS = ("synthetic", "written")


def split_heldout(
    pairs: Sequence[Pair], share: float = 0.06, seed: int = 0
) -> tuple[list[Pair], list[Pair]]:
    """(train, held-out): whole groups go to the held-out side with probability ``share``,
    except pairs from papers (synthetic and written), held out by whole paper (the last
    paper in name order)."""
    papers = sorted({p.group for p in pairs if p.source in _FROM_PAPERS})
    held_paper = papers[-1] if papers else None
    train: list[Pair] = []
    held: list[Pair] = []
    for p in pairs:
        if p.source in _FROM_PAPERS:
            (held if p.group == held_paper else train).append(p)
            continue
        h = random.Random(f"{seed}:{p.group}").random()
        (held if h < share else train).append(p)
    return train, held


__all__ = [
    "LABELS",
    "MIX",
    "Pair",
    "check_covid_pairs",
    "citation_integrity_pairs",
    "detokenize",
    "paper_pairs",
    "pdf_pairs",
    "read_pair_file",
    "split_heldout",
    "training_pairs",
    "written_pairs",
]
