"""The pipeline: an answer and a paper's PDF in, labelled and linked sentences out.

    report = check(question, answer, "paper.pdf")

Each stage is callable alone: read_pdf, split_sentences, EvidenceIndex, RulesJudge,
build_graph, propagate.
"""

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
