"""The perturbation suite's generator (bench/perturbations.py): each corrupted item is the
change it claims to be, and the correct sentences are the paper's own. These check the
instrument, not the judge's score (that is what bench/perturb.py prints)."""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from rapidfuzz import fuzz

from tests.conftest import DATA, load_bench, need

suite = load_bench("perturb")
# the generator as bench/perturb.py imports it (perturb.py puts bench/ on sys.path; a
# module of dataclasses needs a sys.modules entry, which load_bench does not make)
gen = importlib.import_module("perturbations")

TWO_PAPERS = [("papers", "s2orc-2020"), ("papers-more", "promis-prostate-mri-2015")]


@pytest.fixture(scope="module")
def items() -> list:
    out = []
    for folder, stem in TWO_PAPERS:
        pdf = need(DATA / folder / f"{stem}.pdf")
        _, _, its = suite.paper_items(pdf, seed=0, per_kind=4, unchanged=8, n_rows=4)
        out += its
    return out


def _words(s: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)*%?|[^\W\d][\w'-]*", s)


def _diff(a: str, b: str) -> tuple[list[str], list[str]]:
    """Tokens of ``a`` not in ``b`` and of ``b`` not in ``a`` (as multisets)."""
    ca, cb = Counter(_words(a)), Counter(_words(b))
    return list((ca - cb).elements()), list((cb - ca).elements())


def test_every_kind_is_made_on_real_papers(items: list) -> None:
    kinds = Counter(i.kind for i in items)
    for kind in ("unchanged", "number", "comparison", "negation", "quantifier", "swap"):
        assert kinds[kind] > 0, kinds
    assert {i.origin for i in items} == {"text", "table"}


def test_unchanged_prose_is_the_papers_own_words(items: list) -> None:
    pages = {}
    for folder, stem in TWO_PAPERS:
        doc = suite.read_pdf(DATA / folder / f"{stem}.pdf")
        # the page with the same light rephrasing (parentheticals, "we") applied
        pages.update({(stem, p.number): gen.rephrase(gen.clean(p.text)) for p in doc.pages})
    prose = [it for it in items if it.kind == "unchanged" and it.origin == "text"]
    assert prose
    for it in prose:
        assert it.text == it.source
        # verbatim on its own page but for a dropped connective or citation number
        score = max(
            fuzz.partial_ratio(it.text, text) for (_, n), text in pages.items() if n == it.page
        )
        assert score >= 95, (score, it.text)


def test_number_item_changes_exactly_one_number_to_an_absent_value(items: list) -> None:
    numbers = [i for i in items if i.kind == "number"]
    assert numbers
    for it in numbers:
        gone, new = _diff(it.source, it.text)
        assert len(gone) == 1 and len(new) == 1, (it.source, it.text)
        old_v = float(gone[0].rstrip("%.").replace(",", ""))
        new_v = float(new[0].rstrip("%.").replace(",", ""))
        assert abs(new_v - old_v) >= 0.2 * old_v - 1e-9
        assert round(new_v, 6) not in gen.values_in(it.source)


def test_swap_item_exchanges_two_numbers(items: list) -> None:
    swaps = [i for i in items if i.kind == "swap"]
    assert swaps
    for it in swaps:
        assert Counter(_words(it.source)) == Counter(_words(it.text))
        a = [n.text for n in gen.numbers(it.source)]
        b = [n.text for n in gen.numbers(it.text)]
        moved = [k for k, (x, y) in enumerate(zip(a, b)) if x != y]
        assert len(moved) == 2 and a[moved[0]] == b[moved[1]] and a[moved[1]] == b[moved[0]]


def test_comparison_item_reverses_one_comparison_word(items: list) -> None:
    comps = [i for i in items if i.kind == "comparison"]
    assert comps
    for it in comps:
        gone, new = _diff(it.source.lower(), it.text.lower())
        old, now = " ".join(gone), " ".join(new)
        assert (
            gen.COMPARISON.get(old) == now or gen.COMPARISON.get(f"{old} than") == f"{now} than"
        ), (gone, new)


def test_negation_item_adds_or_removes_exactly_one_negation(items: list) -> None:
    negs = [i for i in items if i.kind == "negation"]
    assert negs
    for it in negs:
        before = len(gen.NEGATION.findall(it.source))
        after = len(gen.NEGATION.findall(it.text))
        assert abs(before - after) == 1 and min(before, after) == 0, (it.source, it.text)
        gone, new = _diff(it.source.lower(), it.text.lower())
        assert (gone, new) in (
            ([], ["not"]),
            (["not"], []),
            (["can"], ["cannot"]),
            (["cannot"], ["can"]),
        ), (gone, new)


def test_quantifier_item_changes_one_quantifier(items: list) -> None:
    qs = [i for i in items if i.kind == "quantifier"]
    assert qs
    for it in qs:
        gone, new = _diff(it.source.lower(), it.text.lower())
        assert len(gone) == 1 and len(new) == 1
        assert gone[0] in gen.QUANTIFIERS and new[0] in gen.QUANTIFIERS and gone != new


def test_term_item_swaps_one_term_for_another_of_its_slot() -> None:
    text = (
        "We train on the SciDocs benchmark and the SciDocs benchmark is large. "
        "The TREC-COVID benchmark is small. The TREC-COVID benchmark has topics."
    )
    slots = gen.named_terms(text)
    assert slots["SciDocs"] == slots["TREC-COVID"] == "data"
    it = gen.replace_term("SciDocs holds 25,000 papers.", random.Random(0), slots, "")
    assert it is not None and it.text == "TREC-COVID holds 25,000 papers."
    # a term the passage also writes is never the replacement
    assert (
        gen.replace_term(
            "SciDocs holds 25,000 papers.",
            random.Random(0),
            slots,
            "TREC-COVID holds 25,000 papers too",
        )
        is None
    )


def test_entity_item_swaps_one_domain_noun_for_another_of_its_class() -> None:
    s = "Men with prostate cancer were treated with metformin for 12 weeks."
    for seed in range(5):
        it = gen.replace_entity(s, random.Random(seed), s)
        assert it is not None and it.kind == "entity"
        old, new = _diff(s, it.text)
        assert len(old) == len(new) == 1 and old[0] in ("prostate", "metformin")
        cls = next(m for m in gen.ENTITY_CLASSES.values() if old[0] in m)
        assert new[0] in cls and new[0] not in s
    # capitalised as the sentence's first word, kept capitalised
    it = gen.replace_entity("Humins were converted to levulinic acid.", random.Random(0), "")
    assert it is not None and it.text.split()[0][0].isupper()
    # a replacement the passage writes is never made; a name in capitals is no noun
    assert (
        gen.replace_entity(
            "Water was added.", random.Random(0), " ".join(gen.ENTITY_CLASSES["solvent"])
        )
        is None
    )
    assert gen.replace_entity("The LUNG dataset holds 300 scans.", random.Random(0), "") is None


def test_entity_classes_are_data_the_judge_never_reads() -> None:
    # the classes come from bench/data; the held-out file shares no word with them, and
    # its items replace only its own words
    dev = gen.entity_classes(gen.ENTITY_CLASSES_TSV)
    assert dev == gen.ENTITY_CLASSES and list(dev["organ"][:2]) == ["prostate", "bladder"]
    held = gen.entity_classes(gen.ENTITY_CLASSES_TSV.with_name("entity_classes_heldout.tsv"))
    words = {w for ws in dev.values() for w in ws}
    held_words = {w for ws in held.values() for w in ws}
    assert held_words and not held_words & words and not set(held) & set(dev)
    s = "Blood samples of the horses were kept at 4 C."
    it = gen.replace_entity(s, random.Random(0), s, classes=held)
    assert it is not None
    old, new = _diff(s, it.text)
    assert old[0] in ("Blood", "horses") and new[0].lower() in held_words
    assert gen.replace_entity(s, random.Random(0), s) is None  # no dev-class word in it
    # no module of the library reads the benchmark's classes
    root = Path(gen.__file__).resolve().parents[1]
    for path in (root / "grounding").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "entity_classes" not in text and "ENTITY_CLASSES" not in text, path


def test_entity_items_leave_the_other_kinds_as_they_were(monkeypatch: pytest.MonkeyPatch) -> None:
    # the entity kind draws from a generator of its own: without it, every other item
    # is the same
    doc = suite.read_pdf(need(DATA / "papers-more" / "promis-prostate-mri-2015.pdf"))
    pages = gen.body_pages([p.text for p in doc.pages])
    with_entity = gen.text_items(pages, random.Random(0), 4, 8)
    monkeypatch.setattr(gen, "replace_entity", lambda *a: None)
    without = gen.text_items(pages, random.Random(0), 4, 8)
    assert any(i.kind == "entity" for i in with_entity)
    assert [i for i in with_entity if i.kind != "entity"] == without


def test_table_items_are_read_from_the_row() -> None:
    row = gen.Row("BERT", ("81.2", "77.0", "84.5"), (81.2, 77.0, 84.5), 3, 100.0)
    other = gen.Row("SciBERT", ("83.0", "79.5", "86.1"), (83.0, 79.5, 86.1), 3, 112.0)
    third = gen.Row("SPECTER", ("85.1", "80.2", "88.0"), (85.1, 80.2, 88.0), 3, 124.0)
    its = gen.table_items(row, other, third, random.Random(0), {81.2, 77.0, 84.5, 83.0})
    by = {i.kind: i for i in its if i.kind != "unchanged"}
    assert "BERT scores lower than SciBERT (84.5 vs 86.1)." in [i.text for i in its]
    assert by["comparison"].text == "BERT scores higher than SciBERT (84.5 vs 86.1)."
    assert by["swap"].text == "The results are 86.1 (BERT) and 84.5 (SciBERT)."
    moved = by["row_col"].text
    assert moved in (
        "BERT scores 88.0, compared with 86.1 for SciBERT.",
        "BERT scores 83.0, compared with 86.1 for SciBERT.",
    )
    n = gen.numbers(by["number"].text)[0]
    assert n.value not in (84.5, 81.2, 77.0, 83.0, 79.5, 86.1) and n.decimals == 1


def test_numbers_skip_pointers_years_names_and_exponents() -> None:
    s = (
        "In Table 2 and Fig. 3, GPT-4 trained in 2023 reached 78.5% [12] on 1,200 items "
        "at 15 mL min 1 flow in Phase 3 and 4 (§2.1)."
    )
    assert [n.text for n in gen.numbers(s)] == ["78.5%", "1,200", "15"]
    s = "Yields of 5-HMF and 2-methylfuran rose 5-fold over Steps 1 to 4 in 12 runs."
    assert [n.text for n in gen.numbers(s)] == ["5", "12"]


def test_generation_is_deterministic() -> None:
    text = "The model reaches 81.2% on all datasets, higher than the 77.0% of the baseline."
    a = gen.text_items([(1, text)], random.Random(5), 3, 3)
    b = gen.text_items([(1, text)], random.Random(5), 3, 3)
    assert a == b and len(a) > 1


def test_swaps_that_say_the_same_are_not_made() -> None:
    rng = random.Random(0)
    for s in (
        "The area is 0.24 cm2 (0.3 cm × 0.8 cm) in every sample we used here.",
        "Scores range from 10 to 20 across the seven tasks.",
        "Values lie between 3.5 and 4.5 for all models.",
    ):
        assert gen.swap_numbers(s, rng) is None, s
    it = gen.swap_numbers("Stage 1 takes 12 hours and stage 2 takes 30 hours.", rng)
    assert it is not None and it.text == "Stage 1 takes 30 hours and stage 2 takes 12 hours."


def test_prose_fragments_run_together_are_not_sentences() -> None:
    assert (
        gen.page_sentences(
            "Relative errors are given if higher than 0.05. these regions "
            "are vastly different in many ways."
        )
        == []
    )
    kept = "Several modifications by Nee et al. were implemented in the MCMC algorithm here."
    assert gen.page_sentences(kept) == [kept]
    # a heading (short line) in front of the sentence
    page = (
        "Results of the main experiment on all of the seven evaluation tasks we ran here\n"
        "Model comparison\nThe model reaches 81.2% on all datasets in the main table."
    )
    assert all("comparison" not in s for s in gen.page_sentences(page))


def test_hedge_items_state_the_finding_as_established() -> None:
    """A hedge item drops the hedge adverb that follows its modal with it, is never made
    from a "could" of past ability (a result the paper reports), nor from a modal before a
    verb of opinion, where the sentence would keep its hedge."""
    made = gen.state_hedge_as_certain
    item = made("S2ORC could potentially benefit task performance without annotation.")
    assert item is not None and item.text.startswith("S2ORC does benefit task")
    item = made("A higher sugar concentration could possibly be beneficial for future studies.")
    assert item is not None and item.text.startswith("A higher sugar concentration is beneficial")
    assert made("During the reaction, a conversion of 95.5% could be achieved.") is None
    assert made("Without safety RL, the model could achieve an accuracy of over 70%.") is None
    assert made("It may be speculated that these two configurations are related.") is None
    # a past ability first, a hedge after it: the hedge is the item's
    item = made("LA could be detected, which may explain the yields.")
    assert item is not None and item.text == "LA could be detected, which does explain the yields."
    pdf = need(DATA / "papers-more" / "humins-levulinic-acid-2025.pdf")
    doc = suite.read_pdf(pdf)
    sentences = [s for p in doc.pages for s in re.split(r"(?<=\.)\s+", gen.clean(p.text))]
    items = [it for s in sentences if (it := made(s)) is not None]
    assert len(items) >= 5
    adverb = re.compile(r"\b(?:does|is) (?:also )?(?:potentially|possibly|probably|likely)\b")
    for it in items:
        assert not adverb.search(it.text), it.text
        assert not re.search(r"\bis (?:achieved|obtained|detected)\b", it.text), it.text
