"""Audit a literature review against the works it cites.

    from grounding.audit import audit
    report = audit(review_text, papers="papers/")            # offline, rules judge
    for rec in report.records():                              # one dict per (sentence, work)
        print(rec["sentence_id"], rec["reference"], rec["support"], rec["source"])
    print(report.summary_text())

Modules: review (sentences, citations, reference-list problems), match (which PDF is
which work), abstracts (abstract fallback from online sources), core (``audit``), report
(AuditReport, JSON lines, text), cli (``sciground audit``).
"""

from grounding.audit.abstracts import (
    ABSTRACT_SOURCES,
    Abstract,
    AbstractFinder,
    AbstractLookup,
    text_document,
)
from grounding.audit.core import AuditProgress, audit
from grounding.audit.match import PdfMatches, match_pdfs
from grounding.audit.report import AuditedSentence, AuditReport, CitedWork, Evidence, Pair
from grounding.audit.review import Problem, Review, claim_text, read_review

__all__ = [
    "ABSTRACT_SOURCES",
    "Abstract",
    "AbstractFinder",
    "AbstractLookup",
    "AuditProgress",
    "AuditReport",
    "AuditedSentence",
    "CitedWork",
    "Evidence",
    "Pair",
    "PdfMatches",
    "Problem",
    "Review",
    "audit",
    "claim_text",
    "match_pdfs",
    "read_review",
    "text_document",
]
