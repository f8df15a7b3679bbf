"""bench/check_covid.py's instrument: the PDF it writes from an abstract reads back as that
text, and its 3-class scores are the usual ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DATA, load_bench

covid = load_bench("check_covid")


def test_abstract_pdf_reads_back_as_its_text(tmp_path: Path) -> None:
    title = "Saliva testing for SARS-CoV-2 in 30 min"
    sentences = [
        "The assay detects single copies of the virus in patients aged ≥60 years.",
        "Its sensitivity and specificity were 97% and 100%, respectively.",
    ] * 40
    pdf = tmp_path / "a.pdf"
    covid.write_pdf(title, sentences, pdf)
    doc = covid.read_pdf(pdf)
    assert len(doc.pages) >= 2  # long abstracts flow over pages
    got = " ".join(" ".join(p.text.split()) for p in doc.pages)
    assert got == " ".join([title] + sentences)


def test_f1_table_against_hand_counts() -> None:
    gold = ["SUPPORT", "SUPPORT", "REFUTE", "NOTENOUGHINFO"]
    pred = ["SUPPORT", "NOTENOUGHINFO", "SUPPORT", "NOTENOUGHINFO"]
    acc, macro, f1 = covid.f1_table(gold, pred)
    assert acc == 0.5
    assert f1 == {
        "SUPPORT": pytest.approx(0.5),
        "REFUTE": 0.0,
        "NOTENOUGHINFO": pytest.approx(2 / 3),
    }
    assert macro == pytest.approx((0.5 + 2 / 3) / 3)


def test_dev_claims_all_have_their_abstract() -> None:
    folder = DATA / "external" / "check-covid"
    if not (folder / "corpus.json").exists():
        pytest.skip(f"shared data not found: {folder}")
    corpus = {d["cord_id"] for d in covid.read_jsonl(folder / "corpus.json")}
    claims = [c for split in covid.SPLITS for c in covid.read_jsonl(folder / split)]
    assert len(claims) == 207
    assert {c["label"] for c in claims} == set(covid.CLASSES)
    assert all(c["cord_id"] in corpus for c in claims)


def test_twin_reader_copies_the_twin_label_to_nei_claims() -> None:
    rows = [
        {"claim": "A rises.", "cord_id": "x", "gold": "SUPPORT"},
        {"claim": "A rises. ", "cord_id": "x", "gold": "NOTENOUGHINFO"},
        {"claim": "A rises.", "cord_id": "y", "gold": "NOTENOUGHINFO"},
        {"claim": "B falls.", "cord_id": "x", "gold": "REFUTE"},
    ]
    twins, nei, reader = covid.twin_reader(rows)
    assert (twins, nei) == (1, 2)
    assert reader == ["SUPPORT", "SUPPORT", "NOTENOUGHINFO", "REFUTE"]


def test_rationale_evidence_is_the_claims_evidence_set_in_abstract_order() -> None:
    paper = {"title": "T", "abstract": ["s0", "s1", "s2", "s3"]}
    claim = {
        "evidence_set": [
            {"sent_index": 3, "type": "PRIMARY"},
            {"sent_index": 0, "type": "SUPPLEMENTARY"},
            {"sent_index": 9, "type": "PRIMARY"},
        ]
    }
    assert covid.evidence_text(paper, claim, "rationale") == ("", ["s0", "s3"])
    assert covid.evidence_text(paper, claim, "abstract") == ("T", ["s0", "s1", "s2", "s3"])


def test_nei_twins_differ_in_their_rationale() -> None:
    """The reason for --evidence rationale: on dev, an NEI claim and its SUPPORT or REFUTE
    twin share text and abstract but never their annotated evidence sentences."""
    folder = DATA / "external" / "check-covid"
    if not (folder / "corpus.json").exists():
        pytest.skip(f"shared data not found: {folder}")
    corpus = {d["cord_id"]: d for d in covid.read_jsonl(folder / "corpus.json")}
    claims = [c for split in covid.SPLITS for c in covid.read_jsonl(folder / split)]
    seen: dict[tuple[str, str], dict[str, list[str]]] = {}
    for c in claims:
        _, evidence = covid.evidence_text(corpus[c["cord_id"]], c, "rationale")
        seen.setdefault((c["claim"].strip(), c["cord_id"]), {})[c["label"]] = evidence
    pairs = [v for v in seen.values() if "NOTENOUGHINFO" in v and len(v) > 1]
    assert len(pairs) == 68
    assert all(v["NOTENOUGHINFO"] != e for v in pairs for k, e in v.items() if k != "NOTENOUGHINFO")
