"""``sciground audit`` on a small review over two shared PDFs, and ``audit`` itself:
pairs, several works together, evidence, HTML, bad input and exit status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grounding.audit import audit
from grounding.html.audit import render_audit_html
from tests.conftest import PAPERS, ROOT, need

REVIEW = """# Citation-informed document embeddings

SPECTER reaches 91.5 nDCG on Co-View and 92.4 nDCG on Co-Read (Cohan et al., 2020).
Training without hard negatives lowers the average to 76.4 [1].
SPECTER was trained on 8 V100 GPUs for a month [1].
S2ORC contains 81.1M academic papers [1, 2].
S2ORC contains 81.1M academic papers (Lo et al., 2020).
A claim without a citation says little about either paper.

## References

[1] Arman Cohan, Sergey Feldman, Iz Beltagy, Doug Downey, and Daniel S. Weld. 2020. SPECTER: Document-level Representation Learning using Citation-informed Transformers. In ACL.
[2] Kyle Lo, Lucy Lu Wang, Mark Neumann, Rodney Kinney, and Daniel S. Weld. 2020. S2ORC: The Semantic Scholar Open Research Corpus. In ACL.
"""


@pytest.fixture()
def papers(tmp_path: Path) -> Path:
    folder = tmp_path / "papers"
    folder.mkdir()
    for n in ("specter-2020", "s2orc-2020"):
        (folder / f"{n}.pdf").symlink_to(need(PAPERS / f"{n}.pdf").resolve())
    return folder


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCIGROUND_DB": str(cwd / "none.sqlite")}
    return subprocess.run(
        [sys.executable, "-m", "grounding", "audit", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_pairs_judged_against_each_cited_pdf(papers: Path) -> None:
    report = audit(REVIEW, papers=papers)
    got = {(p.sentence_id, report.works[p.work].cited.number): p.support for p in report.pairs}
    assert got[("S2", 1)] == "supported"
    assert got[("S3", 1)] == "contradiction"
    assert got[("S4", 1)] == "nei"
    assert got[("S5", 1)] == "nei" and got[("S5", 2)] == "supported"
    assert got[("S6", 2)] == "supported"
    assert ("S7", 1) not in got and report.sentence("S7").worst == "uncited"
    s3 = report.sentence("S3").pairs[0]
    assert [(e.span, e.correction) for e in s3.errors] == [("76.4", "78.4")]
    assert s3.evidence[0].page == 7
    # several works together: one of them supports it, so the sentence is supported
    assert report.sentence("S5").support == "supported"
    assert [w.source for w in report.works] == ["pdf", "pdf"]
    assert [w.matched_by for w in report.works] == ["title", "title"]


def test_cli_json_lines_text_and_html(papers: Path, tmp_path: Path) -> None:
    review = tmp_path / "review.md"
    review.write_text(REVIEW, encoding="utf-8")
    out = _run(
        str(review),
        "--papers",
        str(papers),
        "--json",
        "--html",
        str(tmp_path / "r.html"),
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert {
        k
        for k in (
            "sentence_id",
            "sentence",
            "reference",
            "reference_verdict",
            "source",
            "support",
            "evidence",
            "rationale",
        )
    } <= set(rows[0])
    by = {(r["sentence_id"], r["reference_number"]): r for r in rows}
    assert by[("S3", 1)]["support"] == "contradiction"
    assert by[("S3", 1)]["errors"][0]["span"] == "76.4"
    assert (
        by[("S2", 1)]["evidence"][0]["page"] == 7 and len(by[("S2", 1)]["evidence"][0]["box"]) == 4
    )
    assert by[("S2", 1)]["reference_verdict"] == "unverified"  # no local index given
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "data:image/jpeg;base64," in html and 'class="f-contradiction"' in html
    text = _run(str(review), "--papers", str(papers), cwd=tmp_path)
    assert text.returncode == 0
    assert "S3 (line 4) [CONTRADICTION]" in text.stdout and "pairs: supported" in text.stdout


def test_bad_input_is_reported_and_the_audit_goes_on(papers: Path, tmp_path: Path) -> None:
    (papers / "broken.pdf").write_bytes(b"not a pdf at all")
    bad = REVIEW.replace("[1, 2]", "[1, 2, 9]") + (
        "[3] Iz Beltagy, Kyle Lo, and Arman Cohan. 2019. SciBERT: A Pretrained Language "
        "Model for Scientific Text. In EMNLP.\n"
    )
    review = tmp_path / "bad.md"
    review.write_text(bad, encoding="utf-8")
    out = _run(str(review), "--papers", str(papers), "--json", cwd=tmp_path)
    assert out.returncode == 1
    assert len(out.stdout.splitlines()) >= 6  # the pairs are still there
    err = out.stderr
    assert "broken.pdf" in err and "no reference entry numbered 9" in err
    assert "SciBERT" in err and "never cited" in err
    # a mistyped folder is refused before any work, not reported pair by pair
    nodir = _run(str(review), "--papers", str(tmp_path / "missing"), cwd=tmp_path)
    assert nodir.returncode == 2 and "no such folder" in nodir.stderr
    assert nodir.stdout == ""


def test_missing_or_empty_review_is_an_error(tmp_path: Path) -> None:
    gone = _run(str(tmp_path / "gone.md"), cwd=tmp_path)
    assert gone.returncode == 2 and "gone.md" in gone.stderr and "not found" in gone.stderr
    (tmp_path / "empty.md").write_text("  \n", encoding="utf-8")
    empty = _run(str(tmp_path / "empty.md"), cwd=tmp_path)
    assert empty.returncode == 2 and "empty" in empty.stderr


def test_html_without_pages_says_why(papers: Path) -> None:
    report = audit(REVIEW, papers=papers)
    html = render_audit_html(report)
    assert html.count('class="card"') == len([s for s in report.sentences if s.pairs])
    assert "Review audit" in html and "&lt;" not in report.review


def test_two_works_together_support_a_sentence_neither_supports_alone(papers: Path) -> None:
    review = REVIEW.replace(
        "S2ORC contains 81.1M academic papers [1, 2].",
        "S2ORC contains 81.1M academic papers, and SPECTER reaches 91.5 nDCG on Co-View [1, 2].",
    )
    report = audit(review, papers=papers)
    s5 = report.sentence("S5")
    assert [p.support for p in s5.pairs] == ["nei", "nei"]  # neither alone
    assert s5.support == "supported" and s5.worst == "supported"  # both together
    assert [p.supports_parts for p in s5.pairs] == [
        ("SPECTER reaches 91.5 nDCG on Co-View.",),
        ("S2ORC contains 81.1M academic papers.",),
    ]
    rec = next(r for r in report.records() if r["sentence_id"] == "S5")
    assert rec["sentence_support"] == "supported" and rec["supports_parts"]


def test_claim_parts() -> None:
    from grounding.audit.core import claim_parts

    assert claim_parts("A is big, and B is small.") == ["A is big.", "B is small."]
    assert claim_parts("It rose; it fell back quickly.") == []  # "It rose" is too short
    assert claim_parts("Cats and dogs are mammals.") == []


def test_registering_the_command_loads_no_audit_module() -> None:
    code = (
        "import sys; from grounding.cli import build_parser; build_parser(); "
        "print(sorted(m for m in sys.modules if m.startswith('grounding.audit')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0 and out.stdout.strip() == "[]"


def test_references_verified_with_the_local_index_and_a_corrupted_one_flagged(
    papers: Path, tmp_path: Path
) -> None:
    from citations.model import Record, Verdict
    from citations.runner import VerifierOptions
    from tests.citations._store import authors, store

    index = store(
        tmp_path,
        [
            Record(
                source="acl",
                id="specter",
                title="SPECTER: Document-level Representation Learning "
                "using Citation-informed Transformers",
                authors=authors(
                    "Arman Cohan", "Sergey Feldman", "Iz Beltagy", "Doug Downey", "Daniel S. Weld"
                ),
                year=2020,
                venue="ACL",
            ),
            Record(
                source="acl",
                id="s2orc",
                title="S2ORC: The Semantic Scholar Open Research Corpus",
                authors=authors(
                    "Kyle Lo", "Lucy Lu Wang", "Mark Neumann", "Rodney Kinney", "Daniel S. Weld"
                ),
                year=2020,
                venue="ACL",
            ),
        ],
    )
    index.close()
    review = REVIEW.replace("Daniel S. Weld. 2020. S2ORC", "Daniel S. Weld. 2017. S2ORC").replace(
        "(Lo et al., 2020)", "(Lo et al., 2017)"
    )
    report = audit(
        review, papers=papers, sources=VerifierOptions(db=tmp_path / "t.sqlite", complete=True)
    )
    assert [w.result.verdict for w in report.works] == [Verdict.VERIFIED, Verdict.CORRUPTED]
    s6 = report.sentence("S6")
    assert s6.worst == "corrupted"  # supported by its PDF, but the entry is wrong
    rec = next(r for r in report.records() if r["sentence_id"] == "S6")
    assert rec["reference_verdict"] == "corrupted" and "2020" in (rec["corrected_reference"] or "")


# --- Ctrl-C says how far the audit got ----------------------------------------------------


def _interrupt_at(monkeypatch: pytest.MonkeyPatch, stage: str) -> None:
    """Make the audit raise KeyboardInterrupt in ``stage``, after some of its steps."""
    from grounding.audit import core, match

    if stage == "references":
        real = core.verify_references

        def verify(refs, options, progress=None):  # type: ignore[no-untyped-def]
            real(refs[:1], options, progress=lambda i, n: progress(i, len(refs)))
            raise KeyboardInterrupt

        monkeypatch.setattr(core, "verify_references", verify)
    elif stage == "pdfs":
        real_read = match.read_pdf
        calls = []

        def read(path):  # type: ignore[no-untyped-def]
            calls.append(path)
            if len(calls) == 2:
                raise KeyboardInterrupt
            return real_read(path)

        monkeypatch.setattr(match, "read_pdf", read)
    else:

        def judge(*a, **k):  # type: ignore[no-untyped-def]
            raise KeyboardInterrupt

        monkeypatch.setattr(core, "judge_sentences", judge)


@pytest.mark.parametrize(
    ("stage", "said"),
    [
        ("references", "while verifying references (1 of 2 references done)"),
        ("pdfs", "while reading PDFs (1 of 2 PDFs done)"),
        ("judge", "while judging sentences (0 of 2 cited works done)"),
    ],
)
def test_ctrl_c_says_how_far_the_audit_got(
    papers: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    stage: str,
    said: str,
) -> None:
    from grounding.cli import main

    review = tmp_path / "review.md"
    review.write_text(REVIEW, encoding="utf-8")
    _interrupt_at(monkeypatch, stage)
    html = tmp_path / "r.html"
    assert main(["audit", str(review), "--papers", str(papers), "--html", str(html)]) == 130
    captured = capsys.readouterr()
    assert said in captured.err and "interrupted" in captured.err
    assert captured.out == "" and not html.exists()


# --- the HTML report reads well; the text output numbers its sentences --------------------


def test_html_sentences_headings_and_references(papers: Path) -> None:
    review = REVIEW.replace("SPECTER was trained", "## Training\n\n**SPECTER** was trained")
    report = audit(review, papers=papers)
    html = render_audit_html(report)
    body = html[html.index('<div class="review">') : html.index("</div></section>")]
    # headings: rendered at their level, without the '#' marker; never a finding link
    assert '<span class="hd h1">Citation-informed document embeddings</span>' in body
    assert '<span class="hd h2">Training</span>' in body and "#" not in body.replace("#S", "")
    # sentences keep the text colour (not link blue); each carries its finding class
    assert ".review a{color:inherit}" in html
    for s in report.sentences:
        if not s.heading:
            assert f'href="#{s.sentence.id}" class="f-{s.worst}"' in body
    assert "<strong>SPECTER</strong> was trained" in body
    # the cited-works table is left-aligned (cells default to right alignment for numbers)
    assert '<table class="works">' in html and "table.works td{text-align:left}" in html


def test_html_of_plain_text_review_has_no_headings(papers: Path) -> None:
    review = REVIEW.replace("# Citation-informed document embeddings\n", "Plain start. ")
    html = render_audit_html(audit(review, papers=papers))
    body = html[html.index('<div class="review">') : html.index("</div></section>")]
    assert 'class="hd' not in body and "<strong>" not in body
    assert "Plain start." in body


def test_text_output_numbers_the_sentences_it_shows(papers: Path) -> None:
    report = audit(REVIEW, papers=papers)
    text = report.summary_text()
    assert text.startswith("5 of the review's 7 sentences cite a work")
    shown = [ln.split()[0:3] for ln in text.splitlines() if ln.startswith("  S")]
    assert shown == [
        ["S2", "(line", "3)"],
        ["S3", "(line", "4)"],
        ["S4", "(line", "5)"],
        ["S5", "(line", "6)"],
        ["S6", "(line", "7)"],
    ]
    for sid, _, line in shown:
        n = int(line.rstrip(")"))
        s = report.sentence(sid)
        assert REVIEW.splitlines()[n - 1].startswith(s.sentence.text[:20])


def test_reference_year_checked_against_its_pdf(papers: Path) -> None:
    right = audit(REVIEW, papers=papers)
    assert all(w.pdf_differs == () for w in right.works)
    assert {f.field.value: f.status.value for f in right.works[0].pdf_fields}["year"] == "match"
    wrong = audit(
        REVIEW.replace("Daniel S. Weld. 2020. SPECTER", "Daniel S. Weld. 2019. SPECTER"),
        papers=papers,
    )
    specter, s2orc = wrong.works[0], wrong.works[1]
    assert [(f.field.value, f.cited, f.found) for f in specter.pdf_differs] == [
        ("year", "2019", "2020")
    ]
    assert s2orc.pdf_differs == ()
    text = wrong.summary_text()
    assert "reference differs from its PDF: year: cited '2019' / PDF '2020'" in text
    rec = next(r for r in wrong.records() if r["reference_number"] == 1)
    assert rec["pdf_differs"][0]["field"] == "year"
    # a sentence the work supports still shows the wrong reference as its worst finding
    assert wrong.sentence("S5").worst == "corrupted" and right.sentence("S5").worst == "supported"
    html = render_audit_html(wrong)
    assert "reference differs from its PDF" in html


def test_a_review_citing_nothing_says_so_in_its_summary() -> None:
    report = audit("Transformers changed NLP. They are widely used.\n")
    text = report.summary_text()
    assert "sentences by worst finding: uncited 2" in text
    assert "references: none checked" in text
    assert "references: \n" not in text


def test_two_entries_of_one_number_the_first_is_cited_and_neither_is_called_uncited() -> None:
    review = (
        "SPECTER embeds papers with a citation-informed transformer [1].\n\n"
        "References\n\n"
        "[1] Cohan, A., Feldman, S., Beltagy, I., Downey, D., Weld, D. S. SPECTER: "
        "Document-level Representation Learning using Citation-informed Transformers. "
        "ACL 2020.\n"
        "[1] Lo, K., Wang, L. L., Neumann, M., Kinney, R., Weld, D. S. S2ORC: The Semantic "
        "Scholar Open Research Corpus. ACL 2020.\n"
    )
    report = audit(review)
    kinds = [p.kind for p in report.problems]
    assert kinds == ["duplicate_entry"], report.problems
    assert "read as citing '[1] Cohan" in report.problems[0].message
    [pair] = report.pairs
    assert "SPECTER" in report.works[pair.work].cited.reference.raw


def test_footnotes_before_an_author_year_list_are_entries_of_it() -> None:
    review = (
        "SPECTER embeds papers with a citation-informed transformer[^1]. S2ORC is a large "
        "corpus (Lo et al., 2020).\n\n"
        "[^1]: Cohan, A., Feldman, S., Beltagy, I., Downey, D., Weld, D. S. (2020). SPECTER: "
        "Document-level Representation Learning using Citation-informed Transformers. ACL.\n\n"
        "References\n\n"
        "Lo, K., Wang, L. L., Neumann, M., Kinney, R., and Weld, D. S. (2020). S2ORC: The "
        "Semantic Scholar Open Research Corpus. ACL.\n"
    )
    report = audit(review)
    assert report.problems == ()
    assert len(report.sentences) == 2  # the footnote is no sentence of the body
    cited = sorted(report.works[p.work].cited.reference.raw for p in report.pairs)
    assert cited[0].startswith("Lo, K., Wang") and "Cohan, A." in cited[1]


LETTERED = """S2ORC holds 8.1M papers with full text parsed from PDF (Lo et al., 2020a).
S2ORC pairs every paper with its citation links (Lo et al., 2020b).
SPECTER reaches an average score of 80.0 on SciDocs (Cohan et al., 2020).

References

Cohan, A., Feldman, S., Beltagy, I., Downey, D., & Weld, D. S. (2020). SPECTER: Document-level Representation Learning using Citation-informed Transformers. In Proceedings of ACL, pp. 2270-2282.
Lo, K., Wang, L. L., Neumann, M., Kinney, R., & Weld, D. S. (2020a). S2ORC: The Semantic Scholar Open Research Corpus. In Proceedings of ACL, pp. 4969-4983.
Lo, K., Wang, L. L., Neumann, M., Kinney, R., & Weld, D. S. (2020b). CORD-19: The COVID-19 Open Research Dataset. In Proceedings of the Workshop on NLP for COVID-19.
"""


def test_year_letters_keep_two_works_of_one_author_apart(papers: Path) -> None:
    # the 2020b sentence is judged against its own entry (no PDF here), never the 2020a PDF
    report = audit(LETTERED, papers=papers)
    by_sentence = {p.sentence_id: report.works[p.work] for p in report.pairs}
    assert "S2ORC: The Semantic" in by_sentence["S1"].cited.reference.raw
    assert "CORD-19" in by_sentence["S2"].cited.reference.raw
    assert by_sentence["S2"].cited.reference.authors[0].family == "Lo"
    support = {p.sentence_id: p.support for p in report.pairs}
    assert support["S1"] == "supported" and support["S3"] == "supported"
    assert support["S2"] == "unavailable"
    assert report.problems == (), report.problems  # each entry is cited, none twice
    # the summary names each work as the review cites it, so the two stay apart there too
    text = report.summary_text()
    for label in ("Lo et al., 2020a", "Lo et al., 2020b", "Cohan et al., 2020"):
        assert f"       {label} " in text
    # a numbered entry keeps its number, also where the review cites it by author and year
    numbered = audit(REVIEW, papers=papers).summary_text()
    assert "       [1] " in numbered and "       [2] " in numbered
    assert "       Cohan et al., 2020 " not in numbered
