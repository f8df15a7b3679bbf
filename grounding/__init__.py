"""The pipeline: an answer and a paper's PDF in, labelled and linked sentences out.

    report = check(question, answer, "paper.pdf")

Each stage is callable alone: read_pdf, split_sentences, EvidenceIndex, RulesJudge,
build_graph, propagate.

Importing this package loads nothing: each public name is imported from its module on first
use (annotations.lazy), so ``sciground --help``, ``score``, ``index`` and ``refs``
never load PyMuPDF (whose 2.x releases load onnxruntime on import) or networkx.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from annotations.lazy import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time see __getattr__
    from grounding.check import CheckedSentence, Report, check
    from grounding.errors import CheckerError, InputError, JudgeError, MissingCredentials, PDFError
    from grounding.evidence import EvidenceIndex
    from grounding.graph import build_graph, depends_on
    from grounding.judges.base import ClaimContext, Judge
    from grounding.judges.rules import RulesJudge
    from grounding.pdf import Document, Page, Word, extract_plain_text, read_pdf
    from grounding.propagate import propagate
    from grounding.sentences import split_sentences
    from grounding.types import Judgement, Passage, Rect, Sentence

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "grounding.check": ("CheckedSentence", "Report", "check"),
        "grounding.errors": (
            "CheckerError",
            "InputError",
            "JudgeError",
            "MissingCredentials",
            "PDFError",
        ),
        "grounding.evidence": ("EvidenceIndex",),
        "grounding.graph": ("build_graph", "depends_on"),
        "grounding.judges.base": ("ClaimContext", "Judge"),
        "grounding.judges.rules": ("RulesJudge",),
        "grounding.pdf": ("Document", "Page", "Word", "extract_plain_text", "read_pdf"),
        "grounding.propagate": ("propagate",),
        "grounding.sentences": ("split_sentences",),
        "grounding.types": ("Judgement", "Passage", "Rect", "Sentence"),
    },
)

__all__ = [
    "CheckedSentence",
    "CheckerError",
    "ClaimContext",
    "Document",
    "EvidenceIndex",
    "InputError",
    "Judge",
    "JudgeError",
    "Judgement",
    "MissingCredentials",
    "PDFError",
    "Page",
    "Passage",
    "Rect",
    "Report",
    "RulesJudge",
    "Sentence",
    "Word",
    "build_graph",
    "check",
    "depends_on",
    "extract_plain_text",
    "propagate",
    "read_pdf",
    "split_sentences",
]
