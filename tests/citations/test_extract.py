"""extract_citations on the GroundQA dev answers (every cited reference found) and on small
synthetic answers (markers, ranges, author-year forms, identifiers, no false positives)."""

from __future__ import annotations

import json
import re

import pytest

from citations.errors import InputError
from citations.extract import extract_citations, find_reference_section
from tests.conftest import DEV, need


def _load_dev() -> tuple[dict[str, str], dict[str, list[dict]]]:
    need(DEV)
    answers: dict[str, str] = {}
    for f in sorted(DEV.glob("*.jsonl")):
        if f.name.endswith(".citations.jsonl"):
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                answers[row["qa_pair_id"]] = row["answer_raw"]
    gold: dict[str, list[dict]] = {}
    for f in sorted(DEV.glob("*.citations.jsonl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                c = json.loads(line)
                gold.setdefault(c["qa_pair_id"], []).append(c)
    return answers, gold


def _strip_num(s: str) -> str:
    return re.sub(r"^\s*\[\d+\]\s*", "", s).strip()


def test_dev_answers_every_cited_reference_found() -> None:
    answers, gold = _load_dev()
    assert gold
    for qid, cites in gold.items():
        answer = answers[qid]
        found = extract_citations(answer)
        for m in (m for c in found for m in c.mentions):
            assert answer[m.start : m.end] == m.text
        for c in found:
            if c.entry_start is not None:
                assert (
                    _strip_num(answer[c.entry_start : c.entry_end])[:20]
                    == _strip_num(c.reference.raw)[:20]
                )
        for g in cites:
            hits = [c for c in found if _strip_num(c.reference.raw) == _strip_num(g["reference"])]
            assert len(hits) == 1, (qid, g["marker"])
            marker = g["marker"].strip("()")
            texts = [m.text for m in hits[0].mentions]
            if re.fullmatch(r"\[\d+\]", marker):
                assert hits[0].number == int(marker.strip("[]")) and texts, (qid, marker)
            else:
                assert any(marker in t or t in marker for t in texts), (qid, g["marker"], texts)
        assert len(found) == len(cites), qid


def test_dev_answers_without_citations_give_nothing() -> None:
    answers, gold = _load_dev()
    quiet = [a for q, a in answers.items() if q not in gold]
    assert quiet
    for a in quiet:
        assert extract_citations(a) == []


def test_numbered_markers_ranges_and_intervals() -> None:
    answer = (
        "Transformers [1] beat RNNs [2, 3]; see also [1-3]. Scores lie in [0, 1].\n\n"
        "References\n[1] A. Vaswani, N. Shazeer, and N. Parmar. Attention is all you need. In NeurIPS, 2017.\n"
        "[2] S. Hochreiter and J. Schmidhuber. Long short-term memory. Neural Computation, 9(8):1735-1780, 1997.\n"
        "[3] K. Cho. Learning phrase representations. In EMNLP, 2014.\n"
    )
    found = extract_citations(answer)
    assert [c.number for c in found] == [1, 2, 3]
    assert [len(c.mentions) for c in found] == [2, 2, 2]
    assert found[1].reference.title == "Long short-term memory"
    assert all(m.text != "[0, 1]" for c in found for m in c.mentions)
    sec = find_reference_section(answer)
    assert sec is not None and answer[sec[0] :].lstrip().startswith("[1]")


def test_trailing_numbered_block_without_heading() -> None:
    answer = "Claim [1].\n\n[1] Eddy SR. 1998. Profile hidden Markov models. Bioinformatics 14(9):755–763."
    found = extract_citations(answer)
    assert (
        len(found) == 1 and found[0].reference.year == 1998 and found[0].mentions[0].text == "[1]"
    )


def test_author_year_without_list_and_identifiers() -> None:
    answer = (
        "Prior work (Smith, 2019; Lo et al., 2020a) and Peters & Mathews (1963) agree. "
        "Table 2 (2020) is not a citation, nor are Results (2019), (p < 0.05) or COVID (2020). "
        "Data: doi:10.5555/abc.77; code at https://github.com/x/y; "
        "preprint arXiv:2301.01234v2."
    )
    found = extract_citations(answer)
    kinds = [(c.origin, c.reference.marker) for c in found]
    assert kinds == [
        ("mention", "Smith, 2019"),
        ("mention", "Lo et al., 2020a"),
        ("mention", "Peters & Mathews (1963)"),
        ("identifier", "10.5555/abc.77"),
        ("identifier", "https://github.com/x/y"),
        ("identifier", "arXiv:2301.01234v2"),
    ]
    lo = found[1].reference
    assert lo.et_al and lo.year == 2020 and lo.authors[0].family == "Lo"
    pm = found[2].reference
    assert [a.family for a in pm.authors] == ["Peters", "Mathews"]
    assert found[5].reference.arxiv_id == "2301.01234" and found[5].reference.arxiv_version == 2


def test_markdown_links_possessives_and_name_lists() -> None:
    answer = (
        "As [Lo et al. (2020)](https://aclanthology.org/2020.acl-main.447) showed, S2ORC is big "
        "(Lo et al. 2020; Ammar et al., 2018, p. 3). Beltagy, Lo and Cohan (2019) built SciBERT; "
        "Cohan et al.'s (2020) SPECTER followed."
    )
    found = extract_citations(answer)
    assert [c.origin for c in found] == ["mention"] * 4
    lo = found[0]
    assert [m.kind for m in lo.mentions] == ["author_year", "url", "author_year"]
    assert lo.reference.url == "https://aclanthology.org/2020.acl-main.447"
    assert [a.family for a in found[2].reference.authors] == ["Beltagy", "Lo", "Cohan"]
    assert found[3].reference.et_al and found[3].reference.year == 2020
    assert all(answer[m.start : m.end] == m.text for c in found for m in c.mentions)


def test_identifier_in_text_links_to_its_entry() -> None:
    answer = (
        "As shown in 10.5555/hydro.2019.0042, rivers rise.\n\n## References\n"
        "- Ortiz, P. (2019). Rising rivers. Hydrology, 4, 1-9. https://doi.org/10.5555/hydro.2019.0042\n"
    )
    found = extract_citations(answer)
    assert len(found) == 1 and found[0].origin == "list"
    assert [m.kind for m in found[0].mentions] == ["doi"]
    assert found[0].reference.title == "Rising rivers"


def test_bad_input() -> None:
    with pytest.raises(InputError):
        extract_citations(None)  # type: ignore[arg-type]
    assert extract_citations("") == []
    assert extract_citations("References\n") == []


def test_a_long_run_of_letters_is_no_citation() -> None:
    # one 100,000-letter "word": the mention patterns start only at word starts and names
    # are bounded, so this is linear work (it used to take minutes)
    assert extract_citations("x" * 100_000) == []
    assert extract_citations("Smith " + "y" * 50_000 + " (2019)") == []


def _mentions_by_entry(answer: str) -> dict[str, list[str]]:
    """Entry (its year as written) -> the mention texts linked to it."""
    out: dict[str, list[str]] = {}
    for c in extract_citations(answer):
        key = re.search(r"\((\d{4}[a-z]?)\)", c.reference.raw)
        name = key.group(1) if key and c.origin == "list" else f"{c.origin}:{c.reference.raw}"
        out[name] = [m.text for m in c.mentions]
    return out


LO_A = (
    "Lo, K., Wang, L. L., Neumann, M., Kinney, R., & Weld, D. S. ({}). S2ORC: The Semantic "
    "Scholar Open Research Corpus. In Proceedings of ACL, pp. 4969-4983."
)
LO_B = (
    "Lo, K., Wang, L. L., Neumann, M., Kinney, R., & Weld, D. S. ({}). CORD-19: The COVID-19 "
    "Open Research Dataset. In Proceedings of the Workshop on NLP for COVID-19."
)


def test_year_letters_pick_their_own_entry() -> None:
    # two works of one first author and year, told apart by a letter after the year
    refs = "\n\nReferences\n\n" + LO_A.format("2020a") + "\n" + LO_B.format("2020b") + "\n"
    found = _mentions_by_entry(
        "S2ORC is large (Lo et al., 2020a). CORD-19 followed (Lo et al., 2020b). "
        "Lo et al. (2020b) also released code." + refs
    )
    assert found["2020a"] == ["Lo et al., 2020a"]
    assert found["2020b"] == ["Lo et al., 2020b", "Lo et al. (2020b)"]
    # the list written in the other order: the letters decide, not the order
    found = _mentions_by_entry(
        "CORD-19 followed (Lo et al., 2020b). S2ORC is large (Lo et al., 2020a)."
        + "\n\nReferences\n\n"
        + LO_B.format("2020b")
        + "\n"
        + LO_A.format("2020a")
        + "\n"
    )
    assert found["2020b"] == ["Lo et al., 2020b"] and found["2020a"] == ["Lo et al., 2020a"]


def test_year_letter_never_takes_another_letters_entry() -> None:
    refs = "\n\nReferences\n\n" + LO_A.format("2020a") + "\n" + LO_B.format("2020b") + "\n"
    found = _mentions_by_entry("A third work (Lo et al., 2020c)." + refs)
    assert found["2020a"] == [] and found["2020b"] == []
    assert found["mention:Lo et al., 2020c"] == ["Lo et al., 2020c"]


def test_entries_without_letters_still_take_lettered_mentions() -> None:
    # a list that drops the letters (or a mention that adds one) keeps its link
    found = _mentions_by_entry(
        "S2ORC is large (Lo et al., 2020b). Also (Lo et al., 2020)."
        + "\n\nReferences\n\n"
        + LO_A.format("2020")
        + "\n"
    )
    assert found["2020"] == ["Lo et al., 2020b", "Lo et al., 2020"]
