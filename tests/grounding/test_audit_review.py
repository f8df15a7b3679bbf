"""Reading a review: citation forms, the sentences citing each work, reference-list faults."""

from __future__ import annotations

from grounding.audit import claim_text, read_review

REFS = """
## References

[1] Arman Cohan, Sergey Feldman, Iz Beltagy, Doug Downey, and Daniel S. Weld. 2020. SPECTER: Document-level Representation Learning using Citation-informed Transformers. In ACL.
[2] Kyle Lo, Lucy Lu Wang, Mark Neumann, Rodney Kinney, and Daniel S. Weld. 2020. S2ORC: The Semantic Scholar Open Research Corpus. In ACL.
[3] Andrew E. Webb, Thomas A. Walsh, and Mary J. O'Connell. 2017. VESPA: Very large-scale Evolutionary and Selective Pressure Analyses. PeerJ Computer Science.
"""


def _cited(review, sid):  # type: ignore[no-untyped-def]
    s = next(s for s in review.sentences if s.sentence.id == sid)
    return [review.cited[i].number for i in s.works]


def test_numbered_ranges_and_author_year_forms() -> None:
    text = (
        "SPECTER embeds papers [1]. Both corpora come from Semantic Scholar [1, 2]. "
        "All three are cited together [1-3]. S2ORC is large (Lo et al., 2020). "
        "Cohan et al. (2020) use citations." + REFS
    )
    review = read_review(text)
    assert [_cited(review, f"S{i}") for i in range(1, 6)] == [[1], [1, 2], [1, 2, 3], [2], [1]]
    assert review.problems == ()
    # the reference list is not part of the body
    assert all("Weld" not in s.sentence.text for s in review.sentences)


def test_footnotes_read_as_numbered_citations_with_offsets_kept() -> None:
    text = (
        "SPECTER embeds papers.[^1] S2ORC is a corpus.[^2]\n\n"
        "[^1]: Arman Cohan, Sergey Feldman, and Daniel S. Weld. 2020. SPECTER: Document-level "
        "Representation Learning using Citation-informed Transformers. In ACL.\n"
        "[^2]: Kyle Lo and Daniel S. Weld. 2020. S2ORC: The Semantic Scholar Open Research "
        "Corpus. In ACL.\n"
    )
    review = read_review(text)
    assert [_cited(review, "S1"), _cited(review, "S2")] == [[1], [2]]
    s1 = review.sentences[0].sentence
    assert text[s1.start : s1.end] == s1.text == "SPECTER embeds papers.[^1]"
    assert "Representation Learning" in (review.cited[0].reference.title or "")


def test_named_footnotes_are_numbered_citations_too() -> None:
    """Markdown's named footnotes ("[^specter]") cite as numbered ones do, each its own
    work, beside a numbered footnote; offsets stay those of the review as written."""
    text = (
        "SPECTER embeds papers.[^specter] S2ORC is a corpus.[^s2orc] Both use ACL data.[^1]\n\n"
        "[^specter]: Arman Cohan, Sergey Feldman, and Daniel S. Weld. 2020. SPECTER: "
        "Document-level Representation Learning using Citation-informed Transformers. In ACL.\n"
        "[^s2orc]: Kyle Lo and Daniel S. Weld. 2020. S2ORC: The Semantic Scholar Open Research "
        "Corpus. In ACL.\n"
        "[^1]: Steven Bird et al. 2008. The ACL Anthology Reference Corpus. In LREC.\n"
    )
    review = read_review(text)
    assert len(review.sentences) == 3 and review.problems == ()
    titles = [[review.cited[i].reference.title or "" for i in cs.works] for cs in review.sentences]
    assert titles[0][0].startswith("SPECTER") and titles[1][0].startswith("S2ORC")
    assert "ACL Anthology" in titles[2][0]
    s1 = review.sentences[0].sentence
    assert text[s1.start : s1.end] == s1.text == "SPECTER embeds papers.[^specter]"


def test_claim_text_drops_citations_and_reads_narrative_as_the_authors() -> None:
    text = (
        "Cohan et al. (2020) show gains of 2 points [1, 2]. S2ORC is large (Lo et al., 2020)."
        + REFS
    )
    review = read_review(text)
    mentions = [m for c in review.cited for m in c.mentions]
    assert (
        claim_text(review.sentences[0].sentence, mentions) == "The authors show gains of 2 points."
    )
    assert claim_text(review.sentences[1].sentence, mentions) == "S2ORC is large."


def test_a_frame_naming_the_source_is_no_part_of_the_claim() -> None:
    text = (
        "According to Cohan et al. (2020), the average falls to 68.1. "
        "As reported by Lo et al. (2020), S2ORC holds 8.1M full texts." + REFS
    )
    review = read_review(text)
    mentions = [m for c in review.cited for m in c.mentions]
    assert claim_text(review.sentences[0].sentence, mentions) == "The average falls to 68.1."
    assert claim_text(review.sentences[1].sentence, mentions) == "S2ORC holds 8.1M full texts."


def test_reference_list_faults_are_reported() -> None:
    text = (
        "SPECTER embeds papers [1]. A claim cites a missing entry [7]. "
        "Another cites nobody listed (Smith et al., 2019).\n\n## References\n\n"
        "[1] Arman Cohan and Daniel S. Weld. 2020. SPECTER: Document-level Representation "
        "Learning using Citation-informed Transformers. In ACL.\n"
        "[2] Kyle Lo and Daniel S. Weld. 2020. S2ORC: The Semantic Scholar Open Research "
        "Corpus. In ACL.\n"
        "[3] Arman Cohan and Daniel S. Weld. 2020. SPECTER: Document-level Representation "
        "Learning using Citation-informed Transformers. In ACL.\n"
    )
    kinds = [p.kind for p in read_review(text).problems]
    assert kinds.count("no_marker") == 2  # [2] and [3] are never cited
    assert kinds.count("no_entry") == 2  # [7] and Smith et al. (2019)
    assert kinds.count("duplicate_entry") == 1  # [3] repeats [1]
    messages = " ".join(p.message for p in read_review(text).problems)
    assert "[7]" in messages and "Smith et al., 2019" in messages


def test_line_per_entry_list_after_a_blank_line_is_split() -> None:
    text = (
        "S2ORC is large (Lo et al., 2020). SPECTER embeds papers (Cohan et al., 2020)."
        "\n\n## References\n\n"
        "Arman Cohan and Daniel S. Weld. 2020. SPECTER: Document-level Representation. In ACL.\n"
        "Kyle Lo and Daniel S. Weld. 2020. S2ORC: The Semantic Scholar Open Research Corpus. In ACL.\n"
    )
    review = read_review(text)
    assert [c.origin for c in review.cited] == ["list", "list"]
    assert review.problems == ()


def test_heading_is_not_a_citing_claim() -> None:
    review = read_review("# SPECTER [1]\n\nIt embeds papers [1]." + REFS)
    assert review.sentences[0].heading and not review.sentences[1].heading
