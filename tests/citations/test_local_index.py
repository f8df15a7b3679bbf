"""citations.sources.local: import, exact lookups, tolerant title search, errors."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from citations.errors import InputError, SourceError
from citations.model import Reference
from citations.parse import parse_reference
from citations.sources.base import Source
from citations.sources.importers import iter_records
from citations.sources.local import LocalIndex
from tests.citations._store import acl_rows, rec, ref, store


@pytest.fixture(scope="module")
def acl_index(tmp_path_factory: pytest.TempPathFactory) -> tuple[LocalIndex, list[dict]]:
    rows = acl_rows(300)
    path = tmp_path_factory.mktemp("acl") / "acl.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    index = LocalIndex(path.parent / "idx.sqlite")
    assert index.add_file(path, source="acl-anthology") == len(rows)
    return index, rows


def test_local_index_is_a_source(tmp_path: Path) -> None:
    assert isinstance(store(tmp_path), Source)


def test_acl_import_keeps_fields(acl_index: tuple[LocalIndex, list[dict]]) -> None:
    index, rows = acl_index
    row = next(r for r in rows if r.get("doi") and r.get("pages") and len(r.get("authors", [])) > 1)
    found = index.lookup_doi(row["doi"].upper())
    assert found is not None
    assert found.id == row["id"] and found.source == "acl-anthology"
    assert found.title == row["title"] and found.year == row["year"]
    assert found.pages == row["pages"]
    assert [f"{a.given} {a.family}".strip() for a in found.authors][0] == row["authors"][0]
    assert index.lookup_doi("https://doi.org/" + row["doi"]) == found
    assert index.lookup_doi("10.9999/not-there") is None


def test_stats_counts_sources_and_dois(acl_index: tuple[LocalIndex, list[dict]]) -> None:
    index, rows = acl_index
    st = index.stats()
    assert st.records == len(rows)
    assert st.by_source == {"acl-anthology": len(rows)}
    assert st.with_doi == sum(1 for r in rows if r.get("doi"))


def _pick(rows: list[dict], min_words: int = 6) -> dict:
    return next(
        r
        for r in rows
        if len(r["title"].split()) >= min_words and ":" not in r["title"] and r.get("authors")
    )


def test_search_finds_exact_title_first(acl_index: tuple[LocalIndex, list[dict]]) -> None:
    index, rows = acl_index
    hits = 0
    for row in rows[:60]:
        top = index.search(ref(row["title"], row.get("authors", [])[:2], row["year"]), limit=3)
        hits += bool(top) and top[0].id == row["id"]
    assert hits >= 58


def test_search_tolerates_typo_case_and_accents(acl_index: tuple[LocalIndex, list[dict]]) -> None:
    index, rows = acl_index
    row = _pick(rows)
    words = row["title"].split()
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    w = words[longest]
    words[longest] = w[:2] + w[3] + w[2] + w[4:]  # swap two letters
    typo = " ".join(words).upper()
    top = index.search(ref(typo), limit=3)
    assert top and top[0].id == row["id"]
    accented = row["title"].replace("e", "é", 1)
    assert index.search(ref(accented), limit=1)[0].id == row["id"]


def test_search_tolerates_missing_subtitle(tmp_path: Path) -> None:
    index = store(
        tmp_path,
        [
            rec("a", "Rivers of the Sahel: Hydrology and history", ["Amina Diallo"], 2001),
            rec("b", "Rivers of Europe", ["Hans Berg"], 2003),
            rec("c", "History of Sahel trade routes", ["Ali Sow"], 1999),
        ],
    )
    top = index.search(ref("Rivers of the Sahel", ["A. Diallo"]), limit=3)
    assert top[0].id == "a"


def test_arxiv_lookup_ignores_version(tmp_path: Path) -> None:
    index = store(tmp_path, [rec("x", "A preprint", arxiv_id="2101.00001v2")])
    assert index.lookup_arxiv("arXiv:2101.00001") is not None
    assert index.lookup_arxiv("2101.00001v1") is not None
    assert index.lookup_arxiv("2101.00002") is None


def test_readding_replaces_by_source_and_id(tmp_path: Path) -> None:
    index = store(tmp_path, [rec("a", "Old title here", year=2000)])
    index.add_records([rec("a", "New title here", year=2001)])
    assert index.stats().records == 1
    assert index.search(ref("New title here"), limit=1)[0].year == 2001
    assert (
        index.search(ref("Old title"), limit=1) == []
        or index.search(ref("Old title"), limit=1)[0].title == "New title here"
    )


def test_empty_reference_gives_no_candidates(tmp_path: Path) -> None:
    index = store(tmp_path, [rec("a", "Something", year=2000)])
    assert index.search(Reference(raw="", title=None)) == []


def test_import_json_csl_and_bib(tmp_path: Path) -> None:
    csl = tmp_path / "items.json"
    csl.write_text(
        json.dumps(
            [
                {
                    "id": "k1",
                    "type": "article-journal",
                    "title": "A CSL item",
                    "author": [{"family": "van der Berg", "given": "Anna"}],
                    "issued": {"date-parts": [[2019, 5]]},
                    "container-title": "Journal of Tests",
                    "DOI": "10.5555/csl.1",
                },
                {"id": "k2", "title": ""},
            ]
        )
    )
    errors: list[InputError] = []
    recs = list(iter_records(csl, errors=errors))
    assert len(recs) == 1 and len(errors) == 1
    assert recs[0].year == 2019 and recs[0].venue == "Journal of Tests"
    assert recs[0].authors[0].family == "van der Berg"
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{key1, title={A BibTeX entry}, author={Doe, Jane and Roe, R.},"
        " year={2020}, journal={J. Tests}, doi={10.5555/bib.1}}\n"
    )
    index = store(tmp_path)
    assert index.add_file(bib) == 1
    found = index.lookup_doi("10.5555/bib.1")
    assert found is not None and found.title == "A BibTeX entry"


def test_bad_jsonl_line_is_reported_or_skipped(tmp_path: Path) -> None:
    f = tmp_path / "r.jsonl"
    f.write_text(
        '{"id": "1", "title": "Good one", "authors": ["A B"], "year": 2000}\n'
        "not json\n"
        '{"id": "2", "title": "Another good one", "year": 2001}\n'
    )
    with pytest.raises(InputError, match="line 2"):
        list(iter_records(f))
    errors: list[InputError] = []
    assert [r.id for r in iter_records(f, errors=errors)] == ["1", "2"]
    assert len(errors) == 1
    with pytest.raises(InputError):
        list(iter_records(tmp_path / "missing.jsonl"))
    with pytest.raises(InputError, match="unknown file type"):
        (tmp_path / "x.csv").write_text("a,b\n")
        list(iter_records(tmp_path / "x.csv"))


def test_corrupt_database_raises_source_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(SourceError) as info:
        LocalIndex(bad).lookup_doi("10.1/x")
    assert info.value.source == "local"


def test_misspelt_short_title_found_by_prefix(tmp_path: Path) -> None:
    index = store(
        tmp_path,
        [
            rec("a", "Sentiment analysis", ["Bo Pang"], 2008),
            rec("b", "Sentiment lexicons", ["Ana Silva"], 2010),
            rec("c", "Discourse parsing", ["Ana Silva"], 2011),
        ],
    )
    assert index.search(ref("Sentiment anlaysis"), limit=1)[0].id == "a"


def test_default_path_is_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citations.sources.local import default_db_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = default_db_path()
    assert path.name == "citations.sqlite" and "sciground" in path.parts
    assert LocalIndex().path == path
    assert path.exists()


def _vocab(path: Path, table: str) -> dict[str, int]:
    import sqlite3

    with sqlite3.connect(path) as conn:
        return {str(t): int(d) for t, d in conn.execute(f"SELECT term, doc FROM {table}")}


def test_term_docs_table_holds_the_fts_counts_after_every_import(tmp_path: Path) -> None:
    rows = acl_rows(200)
    index = LocalIndex(tmp_path / "t.sqlite")
    index.add_records(rec(r["id"], r["title"], r["authors"], r["year"]) for r in rows[:120])
    assert _vocab(index.path, "term_docs") == _vocab(index.path, "fts_vocab") != {}
    index.add_records(rec(r["id"], r["title"], r["authors"], r["year"]) for r in rows[100:])
    assert _vocab(index.path, "term_docs") == _vocab(index.path, "fts_vocab")
    assert index.vocabulary() is None  # nothing to hand to workers: they look words up


def test_search_is_the_same_with_term_lookups_and_with_the_whole_vocabulary(
    acl_index: tuple[LocalIndex, list[dict]],
) -> None:
    """The per-word lookups give the document frequencies that reading the whole vocabulary
    gave: same candidates, same scores, for real titles and mangled ones."""
    index, rows = acl_index
    whole = LocalIndex(index.path, read_only=True)
    whole._term_docs = False  # as an index built before term_docs
    looked_up = LocalIndex(index.path, read_only=True)
    assert looked_up._has_term_docs()
    found = 0
    for r in rows[::7]:
        words = r["title"].split()
        long = max(words, key=len)
        typo = " ".join(w[:-2] + w[-1:] + w[-2] if w == long else w for w in words)
        for text in (
            f"{', '.join(r['authors'][:2])}. {r['title']}. {r['year']}.",
            f"{r['authors'][-1]}. {typo}. 1999.",
            f"{typo.upper()}.",
        ):
            want = whole.search_scored(parse_reference(text), 10)
            assert looked_up.search_scored(parse_reference(text), 10) == want
            found += bool(want)
    assert found >= len(rows[::7]) * 2
    assert whole._vocab is not None and looked_up._vocab is None


def test_a_change_by_any_writer_makes_the_term_table_stale(tmp_path: Path) -> None:
    """Triggers on records clear the table's 'current' mark, so an index changed outside
    import_records (an older version, a hand edit) is read whole, not miscounted."""
    import sqlite3

    index = store(tmp_path, [rec("a", "Sparse routing in tiny transformers", ["Lena Okafor"])])
    assert LocalIndex(index.path, read_only=True)._has_term_docs()
    with sqlite3.connect(index.path) as conn:
        conn.execute("DELETE FROM records WHERE rid = 'a'")
    assert not LocalIndex(index.path, read_only=True)._has_term_docs()
    index.add_records([])  # the next import writes it again
    assert LocalIndex(index.path, read_only=True)._has_term_docs()


def test_an_index_from_before_the_term_table_is_still_read(tmp_path: Path) -> None:
    import sqlite3

    index = store(tmp_path, [rec("a", "Sparse routing in tiny transformers", ["Lena Okafor"])])
    with sqlite3.connect(index.path) as conn:
        conn.executescript(
            "DROP TABLE meta; DROP TABLE term_docs; DROP TRIGGER term_docs_stale_insert; "
            "DROP TRIGGER term_docs_stale_update; DROP TRIGGER term_docs_stale_delete;"
        )
    old = LocalIndex(index.path, read_only=True)
    assert old.vocabulary() is not None
    (hit,) = old.search(parse_reference("Okafor, L. Sparse routing in tiny transformers. 2023."), 1)
    assert hit.id == "a"
