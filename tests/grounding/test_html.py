"""grounding.html: the check report and the eval report as self-contained HTML.

Static tests parse the HTML written; the Chromium tests open it in a real headless
browser (``chromium --dump-dom`` after the page's script ran) and read back what was
rendered. They skip when /usr/bin/chromium is absent (.ci/run must install Debian's
``chromium`` package for them to run).
"""

from __future__ import annotations

import errno
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path

import pymupdf
import pytest

from annotations.schema import (
    BoxAnnotation,
    ErrorSpan,
    ErrorTag,
    Label,
    PropagationType,
    QAPair,
    Role,
    SentenceAnnotation,
)
from annotations.score import score
from citations.model import Field, FieldMatch, FieldStatus, Reference, Verdict
from citations.verify import VerificationResult
from grounding.check import CheckedSentence, Report
from grounding.html import (
    count_boxes,
    layered_layout,
    render_check_html,
    render_eval_html,
    report_from_row,
    row_results,
    write_check_html,
    write_eval_reports,
)
from grounding.textout import print_report_text
from grounding.types import Judgement, Sentence
from tests.conftest import DEV, PAPERS, need
from tests.grounding.pdf_fixtures import write_lines_pdf

CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium not installed (/usr/bin/chromium absent): "
    ".ci/run must `apt-get install -y chromium` to run the browser tests",
)


# ------------------------------------------------------------------ fixtures
def _box(page: int, x0: float, y0: float, x1: float, y1: float) -> BoxAnnotation:
    return BoxAnnotation(
        page_id=page,
        page_name=f"page {page}",
        image_id=f"p_page_{page}",
        coords=(x0, y0, x1, y1),
        img_size=(1224, 1584),
    )


SENTS = [
    ("Intro: we look at Table 1.", Label.NOT_A_CLAIM, None, (), (), (), ()),
    (
        "The model scores 76.4 on the test set.",
        Label.CONTRADICTION,
        Role.OBSERVATION,
        (),
        (ErrorSpan(span="76.4", tags=(ErrorTag.C1,), correction="78.4"),),
        (),
        (_box(1, 140, 180, 900, 230),),
    ),
    (
        "It was trained on 3 GPUs.",
        Label.NEI,
        Role.OBSERVATION,
        (),
        (ErrorSpan(span="3 GPUs", tags=(ErrorTag.N1,)),),
        (),
        (),
    ),
    (
        "The corpus has 8.1M papers.",
        Label.SUPPORTED,
        Role.OBSERVATION,
        (),
        (),
        (),
        (_box(1, 140, 260, 700, 300), _box(2, 140, 180, 600, 220)),
    ),
    (
        "So it is the best model <ever> & more.",
        Label.CONTRADICTION,
        Role.INTERPRETATION,
        ("S2", "S4"),
        (),
        (ErrorTag.C4,),
        (_box(2, 140, 400, 500, 440),),
    ),
    (
        "Hence results rest on hardware.",
        Label.NEI,
        Role.INTERPRETATION,
        ("S3",),
        (),
        (ErrorTag.N4,),
        (),
    ),
]


def _report(pdf: Path | None) -> Report:
    answer = ""
    out = []
    for i, (text, label, role, deps, errors, inh, boxes) in enumerate(SENTS):
        if answer:
            answer += " "
        start = len(answer)
        answer += text
        prop = (
            PropagationType.FALSE_PREMISE
            if ErrorTag.C4 in inh
            else PropagationType.UNVERIFIABLE_PREMISE
            if ErrorTag.N4 in inh
            else PropagationType.NONE
        )
        ann = SentenceAnnotation(
            sentence=text,
            label=label,
            role=role,
            rationale=f"why {i}",
            depends_on=deps,
            error_tags=inh,
            propagation_type=prop,
            errors=errors,
            **{"2d_box": boxes},
        )
        out.append(
            CheckedSentence(
                Sentence(i, start, start + len(text), text),
                Judgement(label=label, role=role, rationale=f"why {i}", errors=errors),
                ann,
            )
        )
    return Report(
        question="What does <Table 1> show?",
        answer=answer,
        pdf_path=str(pdf) if pdf else None,
        paper_id="p",
        sentences=tuple(out),
        judge="rules",
    )


@pytest.fixture()
def pdf(tmp_path: Path) -> Path:
    return write_lines_pdf(
        tmp_path / "p.pdf",
        [[(72, 100, "Table 1: 78.4 on test.")], [(72, 100, "The corpus has 8.1M papers.")]],
    )


def _refs() -> list[VerificationResult]:
    ref = Reference(
        raw="Huang, W. (2015). A neural model for citation retrieval. AAAI.",
        marker="Huang et al., 2015",
    )
    return [
        VerificationResult(
            reference=ref,
            verdict=Verdict.CORRUPTED,
            reason="title differs",
            fields=(
                FieldMatch(
                    field=Field.TITLE,
                    status=FieldStatus.CONFLICT,
                    score=0.7,
                    cited="A neural model for citation retrieval",
                    found="A neural model for citation recommendation",
                ),
                FieldMatch(field=Field.YEAR, status=FieldStatus.MATCH, score=1.0),
            ),
            differing=(Field.TITLE,),
            corrected="Huang, W. (2015). A neural model for citation recommendation. AAAI.",
        ),
        VerificationResult(
            reference=Reference(raw="Nobody (2031). Made up."), verdict=Verdict.FABRICATED
        ),
    ]


class _Collector(HTMLParser):
    """Elements by tag and class, attributes kept."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}))

    def having(self, tag: str | None = None, cls: str | None = None) -> list[dict[str, str]]:
        return [
            a
            for t, a in self.elements
            if (tag is None or t == tag) and (cls is None or cls in a.get("class", "").split())
        ]


def _parse(html: str) -> _Collector:
    c = _Collector()
    c.feed(html)
    return c


# ------------------------------------------------------------------ static HTML
def test_check_html_shows_every_part(pdf: Path) -> None:
    report = _report(pdf)
    html = render_check_html(report, references=_refs())
    doc = _parse(html)
    sents = doc.having("span", "sent")
    assert [s["data-id"] for s in sents] == [f"S{i}" for i in range(1, 7)]
    assert [s["data-label"] for s in sents] == [s[1].value for s in SENTS]
    # boxes: only supported / contradicted sentences, each box once
    assert len(doc.having("span", "box")) == count_boxes(report) == 4
    # graph: the report's nodes and edges, the bad premises marked
    g = report.graph
    nodes = doc.having("g", "node")
    assert sorted(n["data-id"] for n in nodes) == sorted(g.nodes)
    edges = {(e["data-from"], e["data-to"]) for e in doc.having("path", "edge")}
    assert edges == set(g.edges)
    bad = {n["data-id"] for n in nodes if "bad-premise" in n["class"]}
    assert bad == {"S2", "S3"}  # contradicted / nei premises with dependents
    assert {e["data-to"] for e in doc.having("path", "edge-C4")} == {"S2"}
    # error spans with code and correction in the tooltip
    marks = doc.having("mark", "err")
    assert [m["data-code"] for m in marks] == ["C1", "N1"]
    assert "correction: <b>78.4</b>" in html and all(m.get("tabindex") == "0" for m in marks)
    # text is escaped, the question shown
    assert "&lt;ever&gt; &amp; more" in html and "What does &lt;Table 1&gt; show?" in html
    # references: verdict, differing field with both values, corrected reference
    refs = doc.having("tr", "ref")
    assert [r["data-verdict"] for r in refs] == ["corrupted", "fabricated"]
    assert "citation recommendation</ins>" in html and "<del>A neural model" in html
    assert "recommendation. AAAI." in html
    # summary counts
    assert "<b>1</b>\u2713 supported" in html and "<b>2</b>\u2717 contradiction" in html


def test_check_html_is_self_contained(pdf: Path) -> None:
    html = render_check_html(_report(pdf))
    # no fetch of anything: only data: URIs, the SVG namespace is not a fetch
    doc = _parse(html)
    links = [a[k] for _, a in doc.elements for k in ("src", "href") if k in a]
    assert links and all(u.startswith(("#", "data:")) for u in links)
    assert all(u.startswith(("data:", "#")) for u in re.findall(r"url\(([^)]*)\)", html))
    bare = html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "http://" not in bare and "https://" not in bare and "//cdn" not in bare
    assert "<link" not in html and "@import" not in html
    # each page with a box rendered once per size (thumbnail and enlarged): 2 pages x 2
    assert html.count("data:image/jpeg;base64,") == 4
    assert 'id="references"' not in html  # no references given


def test_references_come_from_the_report_attribute(pdf: Path) -> None:
    class WithRefs:
        def __init__(self, r: Report) -> None:
            self._r = r
            self.references = _refs()

        def __getattr__(self, name: str) -> object:
            return getattr(self._r, name)

    html = render_check_html(WithRefs(_report(pdf)))
    assert 'id="references"' in html and "Cited references (2)" in html


def test_without_a_pdf_boxes_are_drawn_on_blank_pages(tmp_path: Path) -> None:
    report = _report(None)
    html = render_check_html(report)
    assert "no PDF given" in html and "data:image" not in html
    assert len(_parse(html).having("span", "box")) == 4
    broken = tmp_path / "broken.pdf"
    broken.write_text("nope")
    html = render_check_html(_report(broken))
    assert "PDF not readable" in html and len(_parse(html).having("span", "box")) == 4


def test_box_position_is_percent_of_the_page(pdf: Path) -> None:
    doc = _parse(render_check_html(_report(pdf)))
    first = doc.having("span", "box")[0]["style"]
    # (140, 180, 900, 230) of 1224 x 1584
    assert first == "left:11.438%;top:11.364%;width:62.092%;height:3.157%"


def test_write_check_html_returns_the_path(pdf: Path, tmp_path: Path) -> None:
    out = write_check_html(_report(pdf), tmp_path / "deep" / "r.html")
    assert out.is_file() and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


# ------------------------------------------------------------------ layout
def test_a_failed_write_names_the_file(
    pdf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails after the open (a full disk, a device that refuses it) raises an
    OSError naming the report's path, as every CLI error names its file."""

    def refuse(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(Path, "write_text", refuse)
    target = tmp_path / "r.html"
    with pytest.raises(OSError) as err:
        write_check_html(_report(pdf), target)
    assert err.value.filename == str(target) and err.value.errno == errno.EIO


def test_layers_follow_the_longest_premise_chain() -> None:
    ids = ["S1", "S2", "S3", "S4", "S5"]
    place = layered_layout(ids, {"S3": ["S1"], "S4": ["S3", "S1"], "S2": []})
    assert [place[i].layer for i in ("S1", "S3", "S4")] == [0, 1, 2]
    # isolated nodes go below the layered part
    assert place["S2"].layer == place["S5"].layer == 3
    assert place["S2"].y > place["S4"].y
    # no two nodes share a position
    assert len({(p.x, p.y) for p in place.values()}) == len(ids)


def test_layout_survives_a_cycle_and_unknown_ids() -> None:
    place = layered_layout(["A", "B", "C"], {"A": ["B"], "B": ["A", "Z"], "C": ["C"]})
    assert set(place) == {"A", "B", "C"}
    assert place["A"].layer != place["B"].layer


def test_barycentre_ordering_puts_dependents_under_their_premises() -> None:
    ids = ["S1", "S2", "S3", "S4"]
    place = layered_layout(ids, {"S3": ["S2"], "S4": ["S1"]})
    assert (place["S3"].x < place["S4"].x) == (place["S2"].x < place["S1"].x)


# ------------------------------------------------------------------ rows and eval report
def _dev_rows() -> list[QAPair]:
    from annotations.jsonl import read_rows

    rows: list[QAPair] = []
    for f in sorted(need(DEV).glob("*.jsonl")):
        if not f.name.endswith(".citations.jsonl"):
            rows += list(read_rows(f))
    return rows


def test_report_from_row_keeps_the_annotations() -> None:
    row = _dev_rows()[0]
    rep = report_from_row(row, need(PAPERS) / f"{row.paper_id}.pdf")
    assert rep.annotations == row.annotations
    # answer_model names the model that wrote the answer, never the judge that labelled it
    assert row.answer_model and rep.judge == "prediction"
    assert report_from_row(row, judge="rules").judge == "rules"
    for cs in rep.sentences:
        assert rep.answer[cs.sentence.start : cs.sentence.end] == cs.sentence.text
    html = render_check_html(rep, gold=row)
    doc = _parse(html)
    assert len(doc.having("span", "sent")) == len(row.annotations)
    assert len(doc.having("span", "box")) == count_boxes(rep)
    assert len(doc.having("span", "gold")) == len(row.annotations) and "\u2260 gold" not in html


def _flip(rows: list[QAPair]) -> list[QAPair]:
    """Predictions = gold with every supported sentence of the first row called nei."""
    first = rows[0]
    anns = tuple(
        a.model_copy(update={"label": Label.NEI}) if a.label is Label.SUPPORTED else a
        for a in first.annotations
    )
    return [first.model_copy(update={"annotations": anns}), *rows[1:]]


def test_row_results_and_eval_html(tmp_path: Path) -> None:
    gold = _dev_rows()[:6]
    pred = _flip(gold)[:5]  # the last row has no prediction
    res = row_results(gold, pred)
    n_sup = sum(a.label is Label.SUPPORTED for a in gold[0].annotations)
    assert res[0].n_correct == len(gold[0].annotations) - n_sup
    assert all(r.n_correct == r.n_sentences for r in res[1:5])
    assert res[5].n_correct == 0 and not res[5].predicted
    metrics = score(gold, pred, resamples=0)
    pdfs = {g.qa_pair_id: PAPERS / f"{g.paper_id}.pdf" for g in gold}
    out = write_eval_reports(metrics, gold, pred, pdfs, tmp_path, worst=3, judge="rules")
    html = out.read_text(encoding="utf-8")
    doc = _parse(html)
    cells = {
        (c["data-gold"], c["data-pred"]): int(c["data-count"]) for c in doc.having("td", "cell")
    }
    for g, preds in metrics.labels.confusion.items():
        for p, n in preds.items():
            assert cells[(g, p)] == n
    assert cells[("supported", "nei")] >= n_sup
    # worst rows: the row without prediction, then the flipped row (linked to its report)
    worst = [a for a in doc.having("a") if a.get("href", "").startswith("rows/")]
    assert worst and worst[0]["href"] == f"rows/{gold[0].qa_pair_id}.html"
    assert (tmp_path / "rows" / f"{gold[0].qa_pair_id}.html").is_file()
    assert not (tmp_path / "rows" / f"{gold[5].qa_pair_id}.html").exists()
    row_html = (tmp_path / "rows" / f"{gold[0].qa_pair_id}.html").read_text(encoding="utf-8")
    assert row_html.count("\u2260 gold") == n_sup
    assert "<dt>judge</dt><dd>rules</dd>" in row_html
    assert f"<dt>judge</dt><dd>{gold[0].answer_model}</dd>" not in row_html
    assert len([a for a in _parse(row_html).having("span", "gold-diff")]) == n_sup
    for fld in ("level", "scenario"):
        assert f'data-field="{fld}"' in html


def test_eval_html_without_rows() -> None:
    gold = _dev_rows()[:2]
    html = render_eval_html(score(gold, gold, resamples=0))
    assert "No scored rows" in html and "Confusion matrix" in html


# ------------------------------------------------------------------ text output
def test_plain_text_off_a_tty(pdf: Path) -> None:
    report = _report(pdf)
    out = StringIO()  # a StringIO is not a TTY
    print_report_text(report, out)
    text = out.getvalue()
    assert "\x1b[" not in text
    lines = text.splitlines()
    assert lines[0] == f"Question: {report.question}"
    for cs in report.sentences:
        assert any(
            line.startswith(f"{cs.sentence.id:>4} ") and cs.annotation.sentence in line
            for line in lines
        )
    assert lines[-1] == ", ".join(f"{k} {v}" for k, v in report.label_counts().items())


def test_colour_on_a_tty_with_the_same_words(pdf: Path) -> None:
    class Tty(StringIO):
        def isatty(self) -> bool:
            return True

    report = _report(pdf)
    plain, tty = StringIO(), Tty()
    print_report_text(report, plain)
    print_report_text(report, tty)
    coloured = tty.getvalue()
    assert "\x1b[" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain.getvalue()
    forced = StringIO()
    print_report_text(report, forced, color=False)
    assert forced.getvalue() == plain.getvalue()


# ------------------------------------------------------------------ in a real browser
def _dump_dom(html_path: Path, tmp_path: Path, fragment: str = "") -> str:
    assert CHROMIUM is not None
    profile = tmp_path / "chromium-profile"
    cmd = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
        "--virtual-time-budget=3000",
        "--dump-dom",
        html_path.resolve().as_uri() + fragment,
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _root_attrs(dom: str) -> dict[str, str]:
    doc = _parse(dom)
    return doc.having("html")[0]


@needs_chromium
def test_browser_renders_a_dev_row(tmp_path: Path) -> None:
    from grounding.check import check

    row = json.loads((need(DEV) / "s2orc-2020.jsonl").read_text(encoding="utf-8").splitlines()[0])
    pdf = need(PAPERS / f"{row['paper_id']}.pdf")
    report = check(row["question_text"], row["answer_raw"], pdf)
    out = write_check_html(report, tmp_path / "r.html")
    dom = _dump_dom(out, tmp_path)
    root = _root_attrs(dom)
    assert root["data-ready"] == "1"
    assert int(root["data-rendered-sentences"]) == len(report.sentences)
    assert int(root["data-rendered-boxes"]) == count_boxes(report) > 0
    assert int(root["data-rendered-nodes"]) == report.graph.number_of_nodes()
    doc = _parse(dom)
    assert sorted(n["data-id"] for n in doc.having("g", "node")) == sorted(report.graph.nodes)
    assert len(doc.having("path", "edge")) == report.graph.number_of_edges()


@needs_chromium
def test_browser_lightbox_opens_and_escape_closes(pdf: Path, tmp_path: Path) -> None:
    report = _report(pdf)
    out = write_check_html(report, tmp_path / "r.html", references=_refs())
    root = _root_attrs(_dump_dom(out, tmp_path, "#selftest"))
    assert int(root["data-rendered-sentences"]) == 6
    assert int(root["data-rendered-boxes"]) == 4
    assert int(root["data-rendered-nodes"]) == 6
    assert root["data-selftest-open"] == "true"
    assert root["data-selftest-boxes"] == "1"  # S2's thumbnail: one box on page 1
    assert "pg-l1" in root["data-selftest-large"]  # the enlarged image class
    assert root["data-selftest-closed"] == "true"
    assert root["data-selftest-focus"] == "thumb"  # focus goes back to the thumbnail


# ------------------------------------------------------------------ layout properties
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@st.composite
def _dags(draw: st.DrawFn) -> tuple[list[str], dict[str, list[str]]]:
    n = draw(st.integers(1, 25))
    ids = [f"S{i + 1}" for i in range(n)]
    prem = {
        ids[i]: draw(st.lists(st.sampled_from(ids[:i]), max_size=3)) if i else [] for i in range(n)
    }
    return ids, prem


@settings(max_examples=60, deadline=None)
@given(_dags())
def test_layout_properties(dag: tuple[list[str], dict[str, list[str]]]) -> None:
    ids, prem = dag
    place = layered_layout(ids, prem)
    assert set(place) == set(ids)
    assert len({(p.x, p.y) for p in place.values()}) == len(ids)  # no overlap
    for n, ps in prem.items():
        for p in ps:  # every premise sits in a row above its dependent
            assert place[p].layer < place[n].layer and place[p].y < place[n].y


# ------------------------------------------------------------------ untrusted text (C14)
class _Texts(HTMLParser):
    """Text nodes, <script> contents and on* attributes of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.scripts: list[str] = []
        self.handlers: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handlers += [k for k, _ in attrs if k.lower().startswith("on")]
        if tag == "script":
            self._in_script = True
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data
        else:
            self.texts.append(data)


def _untrusted_report(pdf: Path, sentences: list[str], evidence: str) -> Report:
    answer, out = "", []
    for i, text in enumerate(sentences):
        start = len(answer) + (1 if answer else 0)
        answer = f"{answer} {text}" if answer else text
        label = Label.SUPPORTED if i == 0 else Label.NEI
        why = f'Supported: "{evidence}"' if i == 0 else "Not in the paper."
        boxes = (_box(1, 140, 180, 900, 230),) if i == 0 else ()
        ann = SentenceAnnotation(
            sentence=text, label=label, role=Role.OBSERVATION, rationale=why, **{"2d_box": boxes}
        )
        out.append(
            CheckedSentence(
                Sentence(i, start, start + len(text), text),
                Judgement(label=label, role=Role.OBSERVATION, rationale=why),
                ann,
            )
        )
    return Report(
        question="Q?",
        answer=answer,
        pdf_path=str(pdf),
        paper_id="p",
        sentences=tuple(out),
        judge="rules",
        warnings=(f"page 1: 1 text run(s) the PDF never paints: {evidence!r}",),
    )


def test_c14_untrusted_text_is_escaped(tmp_path: Path) -> None:
    from tests.conftest import load_cases

    case = load_cases("report")["C14"]
    given = case["input"]
    evidence = given["evidence"][0]
    pdf = write_lines_pdf(tmp_path / "p.pdf", [[(72, 100, evidence)]])
    with pymupdf.open(pdf) as doc:  # PDF metadata from the case
        doc.set_metadata({"title": given["pdf_title_metadata"]})
        doc.saveIncr()
    refs = [
        VerificationResult(reference=Reference(raw=given["reference"]), verdict=Verdict.FABRICATED)
    ]
    html = render_check_html(
        _untrusted_report(pdf, given["answer_sentences"], evidence), references=refs
    )
    harmless = render_check_html(
        _untrusted_report(pdf, ["Plain.", "Text."], "plain"), references=refs[:0]
    )
    for bad in case["expected"]["must_not_contain"]:
        assert bad not in html
    page, plain = _Texts(), _Texts()
    page.feed(html)
    plain.feed(harmless)
    assert len(page.scripts) == len(plain.scripts) == 1 and page.scripts == plain.scripts
    assert page.handlers == []  # no on* attribute at all
    shown = "".join(page.texts)
    for text in [*given["answer_sentences"], evidence, given["reference"]]:
        assert text in shown  # shown as the text it is
