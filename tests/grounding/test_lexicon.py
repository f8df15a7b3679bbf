"""Tests for grounding.lexicon: folding with a map back, and quoting folded spans."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.rules import RulesJudge
from grounding.lexicon import content_terms, fold, fold_with_offsets, root, unfold
from grounding.types import Sentence


def test_fold_leaves_ascii_alone() -> None:
    assert all(fold(chr(i)) == chr(i) for i in range(128))
    assert fold("\u22120.42 \ufb01t \u2026") == "-0.42 fit ..."


_TEXT = st.lists(
    st.sampled_from(
        list("ab 0.12-") + ["\u2212", "\ufb01", "\u2026", "\u00e9", "e\u0301", "\u00a8", "\u00bd"]
    ),
    max_size=30,
).map("".join)


@given(_TEXT)
def test_fold_with_offsets_maps_back(text: str) -> None:
    folded, offsets = fold_with_offsets(text)
    assert folded == fold(text)
    assert len(offsets) == len(folded) + 1 and offsets[-1] == len(text)
    assert offsets == sorted(offsets)
    for i, ch in enumerate(folded):
        j = offsets[i]
        k = next((o for o in offsets[i + 1 :] if o > j), len(text))
        assert ch in unicodedata.normalize("NFKC", text[j:k]).replace("\u2212", "-")


def test_unfold_quotes_the_written_form() -> None:
    t = "The gap is \u22120.42 points; the \ufb01t gives 3.5."
    assert unfold(t, "-0.42") == "\u22120.42"
    assert unfold(t, "fit gives 3.5") == "\ufb01t gives 3.5"
    assert unfold(t, "0.42") == "0.42"  # already written so
    assert unfold(t, "absent") == "absent"


def test_error_spans_are_substrings_of_the_sentence() -> None:
    # the judge reads numbers in folded text ("-0.52"); the span quotes the sentence
    index = EvidenceIndex.from_texts(
        [
            "Results\nThe Pearson correlation between length and "
            "score was -0.42 on the test set.\nOther text."
        ]
    )
    s = "The Pearson correlation between length and score was \u22120.52 on the test set."
    j = RulesJudge(index=index).judge(ClaimContext(Sentence(0, 0, len(s), s), "", (), ()))
    assert j.label is Label.CONTRADICTION
    c1 = [e for e in j.errors if ErrorTag.C1 in e.tags]
    assert [(e.span, e.correction) for e in c1] == [("\u22120.52", "-0.42")]
    assert all(e.span in s for e in j.errors)


def test_stem_meets_plural_and_singular() -> None:
    from grounding.lexicon import stem

    for one, many in [
        ("case", "cases"),
        ("rate", "rates"),
        ("time", "times"),
        ("study", "studies"),
        ("class", "classes"),
        ("box", "boxes"),
        ("match", "matches"),
        ("virus", "viruses"),
        ("loss", "losses"),
        ("increase", "increases"),
        ("place", "places"),
        ("result", "results"),
    ]:
        assert stem(one) == stem(many), (one, many)
    assert stem("studied") == stem("study")
    assert stem("analysis") == "analysis"  # no plural "s" after -is, -us, -ss


def test_content_terms_memo_hands_out_a_new_list() -> None:
    from grounding.lexicon import content_terms, forget_terms

    forget_terms()
    first = content_terms("The models' results improved")
    assert first == ["model", "result", "improv"]
    first.append("changed")  # a caller's change stays its own
    assert content_terms("The models' results improved") == ["model", "result", "improv"]
    assert content_terms("The models' results improved") is not content_terms(
        "The models' results improved"
    )
    forget_terms()
    assert content_terms("a of the") == []


def test_root_meets_derivations_and_keeps_unrelated_words_apart() -> None:
    def roots(text: str) -> set[str]:
        return {root(t) for t in content_terms(text)}

    assert roots("infection infected infectious infections") == {"infect"}
    assert roots("reduction reduced reduces") == {"reduc"}
    assert roots("transmission transmitted") == {"transmit"}
    assert roots("vaccination vaccinated vaccine") == {"vaccin"}
    assert roots("mortality mortal") == {"mortal"}
    # five-letter truncation made these one word
    assert len(roots("transmission transplant")) == 2
    assert len(roots("information informal")) == 2
    assert root("covid-19") == "covid-19" and root("r@1") == "r@1" and root("gene") == "gene"
