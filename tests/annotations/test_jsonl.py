"""annotations.jsonl: lines end at b"\\n" only, strict one-line JSON, torn last lines cut
(cases C12 and C13, with the records the cases give)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from annotations.errors import SchemaError
from annotations.jsonl import (
    drop_torn_tail,
    dump_row,
    dumps_line,
    jsonl_lines,
    read_rows,
    write_rows,
)
from annotations.schema import QAPair
from tests.conftest import DEV, load_cases, need


def _strict(line: bytes) -> object:
    def refuse(name: str) -> None:
        raise ValueError(f"bare {name}")

    return json.loads(line, parse_constant=refuse)


def test_c13_records_survive_line_separators_and_nan(tmp_path: Path) -> None:
    case = load_cases("batch")["C13"]
    records = case["input"]["records"]
    records[2]["score"] = float("nan")  # "NaN (a 0/0 score)"
    path = tmp_path / "out.jsonl"
    path.write_text("".join(dumps_line(r) + "\n" for r in records), encoding="utf-8")
    data = path.read_bytes()
    assert data.count(b"\n") == case["expected"]["physical_lines"]
    # every line parses with a strict parser, and str.splitlines() no longer cuts a record
    assert len(data.decode().splitlines()) == 3
    back = [_strict(line) for _, line in jsonl_lines(data)]
    assert len(back) == case["expected"]["records_read_back"]
    assert back[0]["evidence"] == case["expected"]["evidence_preserved"]
    assert back[1]["evidence"] == records[1]["evidence"]
    assert back[2]["score"] is None
    assert back[:2] == records[:2]


def test_c13_rows_round_trip_through_the_row_writer(tmp_path: Path) -> None:
    texts = [
        "Yield rose\u2028by 12% in 2021.",
        "Loss fell\u0085sharply after week 4.",
        "Dropout was\u20298%.",
    ]
    rows = [
        QAPair(
            qa_pair_id=f"p2-s{i}",
            paper_id="p2",
            paper_pdf_path="p2.pdf",
            question_text="q",
            answer_raw=t,
        )
        for i, t in enumerate(texts)
    ]
    path = tmp_path / "rows.jsonl"
    assert write_rows(rows, path) == 3
    assert path.read_bytes().count(b"\n") == 3
    assert "\u2028" not in path.read_text(encoding="utf-8")
    assert read_rows(path) == rows
    assert json.loads(dump_row(rows[0]))["answer_raw"] == texts[0]


def test_drop_torn_tail_cuts_a_fragment_torn_inside_a_utf8_character(tmp_path: Path) -> None:
    case = load_cases("batch")["C12"]
    existing = case["input"]["existing_file"]
    complete = existing["complete_part"].encode()
    torn = existing["torn_tail_utf8"].encode() + bytes.fromhex(
        existing["torn_tail_extra_bytes_hex"]
    )
    path = tmp_path / "out.jsonl"
    path.write_bytes(complete + torn)
    assert drop_torn_tail(path) == torn
    assert path.read_bytes() == complete
    assert drop_torn_tail(path) is None  # nothing more to cut
    assert drop_torn_tail(tmp_path / "absent.jsonl") is None


def test_drop_torn_tail_keeps_a_whole_last_line_and_adds_its_newline(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    path.write_bytes(b'{"id": 1}\n{"id": 2}')
    assert drop_torn_tail(path) is None
    assert path.read_bytes() == b'{"id": 1}\n{"id": 2}\n'
    one = tmp_path / "one.jsonl"
    one.write_bytes(b'{"id": ')  # no newline at all: all torn
    assert drop_torn_tail(one) == b'{"id": '
    assert one.read_bytes() == b""


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\u0085"])
def test_dumps_line_escapes_every_separator(sep: str) -> None:
    line = dumps_line({"t": f"a{sep}b"})
    assert sep not in line and len(line.splitlines()) == 1
    assert json.loads(line) == {"t": f"a{sep}b"}
    assert dumps_line({"x": [float("inf"), 1.5]}) == '{"x": [null, 1.5]}'


@pytest.mark.parametrize(
    ("premises", "said"),
    [
        (["S99"], "'S99', no sentence of the row"),
        (["S2"], "'S2', the sentence itself"),
        (["S3"], "'S3', a later sentence"),
        (["2"], "'2', no sentence of the row"),
    ],
)
def test_a_premise_that_is_no_earlier_sentence_is_refused_with_its_line(
    tmp_path: Path, premises: list[str], said: str
) -> None:
    src = need(DEV) / "specter-2020.jsonl"
    rows = [json.loads(line) for line in src.read_text(encoding="utf-8").splitlines()]
    assert len(rows[1]["annotations"]) >= 3
    rows[1]["annotations"][1]["depends_on"] = premises
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(SchemaError) as err:
        read_rows(path)
    assert f"{path}:2" in str(err.value) and said in str(err.value)
    rows[1]["annotations"][1]["depends_on"] = ["S1"]  # an earlier sentence is a premise
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert len(read_rows(path)) == len(rows)
