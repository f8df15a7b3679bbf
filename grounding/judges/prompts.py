"""Prompts of the model judges: versioned constants and the pure functions that fill them.

Changing any text here changes what a model is asked, so it changes results and cache keys:
bump :data:`PROMPT_VERSION` with it. ``tests/grounding/test_prompts.py`` holds a snapshot of
every constant and of one rendered prompt; it fails when a text changes and the version does
not.

Definitions follow ``GUIDELINES.md`` of the GroundQA dev set (MMSciFact's row format):
labels, roles, depends_on and the span error codes C1-C3 / N1-N3. C4 / N4 (inherited) are
never asked of a model: premise propagation is done by ``grounding.propagate``.

Passages are shown numbered ``P1``, ``P2``, ... with their 1-based page; the model cites
them by that id in ``evidence`` and may name pages in ``evidence_pages`` (figures, tables
seen on a page image).
"""

from __future__ import annotations

from collections.abc import Sequence

#: Version of every text in this module; part of each cache key and of Judgement.extra.
PROMPT_VERSION = "judge-v1"

DEFINITIONS = """\
Labels (exactly one per sentence):
- supported: everything the sentence asserts is stated in the paper (text, table, figure,
  caption) or follows from it by simple arithmetic or by reading a chart.
- contradiction: at least one part of the sentence conflicts with what the paper states or
  shows. One wrong number makes the whole sentence a contradiction. Contradiction wins over
  nei when both occur.
- nei: the sentence asserts something checkable that the paper neither states nor
  contradicts (invented specifics, inferences beyond the evidence, outside knowledge).
- not_a_claim: nothing to check: restating the question, framing ("Here is a summary"),
  headings, transitions, offers of further help, pure hedges.

Role (null for not_a_claim):
- Observation: a self-contained statement of what the paper reports or shows.
- Interpretation: an explanation, conclusion or inference drawn from other sentences or from
  the evidence ("This suggests...", "Therefore...", "which means...").

Error spans (errors): each names the exact substring of the sentence that carries the error.
- C1 wrong number, unit, statistic, count or rank; C2 wrong entity or attribute (model,
  dataset, metric, component, figure/table/section reference); C3 wrong relation (reversed
  comparison or trend, negation, wrong cause, scope the paper rules out).
- N1 invented specific detail the paper never gives; N2 inference or generalisation beyond
  what the paper shows; N3 outside claim this paper cannot verify.
- correction: the wording from the paper that would make the span right; empty for N codes.
- A contradiction has at least one C-tagged span. A nei sentence has only N-tagged spans.
  supported and not_a_claim sentences have no errors.
- Judge each sentence on its own content: do not label a sentence contradiction or nei only
  because a sentence it relies on is wrong; list that sentence in depends_on instead.

depends_on: ids of EARLIER sentences whose content this sentence relies on as a premise
("This", "These results", "As a result" point to the premise). Usually empty for
Observations.

evidence: ids of the passages (P1, P2, ...) that settle a supported or contradiction label;
empty for nei and not_a_claim. evidence_pages: 1-based pages whose figure or table (seen in
an attached page image) settles the label, when no passage does."""

SENTENCE_SYSTEM = (
    """\
You check one sentence of an answer about a scientific paper against passages from that
paper. Reply with one JSON object and nothing else.

"""
    + DEFINITIONS
    + """

Reply format (JSON object, no other keys):
{"id": "<the sentence id>", "label": "supported|contradiction|nei|not_a_claim",
 "role": "Observation|Interpretation|null", "rationale": "<one or two sentences>",
 "depends_on": ["S1", ...], "errors": [{"span": "...", "tags": ["C1"], "correction": "..."}],
 "evidence": ["P1", ...], "evidence_pages": [3, ...]}"""
)

ANSWER_SYSTEM = (
    """\
You check every sentence of an answer about a scientific paper against passages from that
paper. Reply with one JSON object and nothing else, holding one entry per sentence, in order,
for every sentence id given.

"""
    + DEFINITIONS
    + """

Reply format (JSON object, no other keys):
{"sentences": [{"id": "S1", "label": "supported|contradiction|nei|not_a_claim",
  "role": "Observation|Interpretation|null", "rationale": "<one or two sentences>",
  "depends_on": [], "errors": [{"span": "...", "tags": ["C1"], "correction": "..."}],
  "evidence": ["P1", ...], "evidence_pages": []}, ...]}"""
)

RETRY_MESSAGE = """\
Your reply could not be used: {problem}
Reply again with the corrected JSON object only."""

IMAGE_NOTE = "Attached: page images of pages {pages} (for figures and tables)."

#: Longest passage text shown to a model, in characters (longer ones are cut with "...").
MAX_PASSAGE_CHARS = 1200


def _passage_line(pid: str, page: int, text: str) -> str:
    text = " ".join(text.split())
    if len(text) > MAX_PASSAGE_CHARS:
        text = text[: MAX_PASSAGE_CHARS - 3] + "..."
    return f"[{pid}] (page {page}) {text}"


def render_sentence_prompt(
    question: str,
    previous: Sequence[tuple[str, str]],
    sentence: tuple[str, str],
    passages: Sequence[tuple[int, str]],
) -> str:
    """The user message for one sentence.

    Args: question: the question asked. previous: (id, text) of the earlier sentences.
          sentence: (id, text) of the sentence to judge. passages: (page, text), best first;
          shown as P1, P2, ... in this order.
    Returns: the message text (plain, no markup besides brackets).
    """
    lines = [f"Question: {question.strip() or '(none)'}", "", "Earlier sentences of the answer:"]
    lines += [f"{sid}: {text.strip()}" for sid, text in previous] or ["(none)"]
    lines += ["", "Passages from the paper:"]
    lines += [_passage_line(f"P{i + 1}", page, text) for i, (page, text) in enumerate(passages)]
    if not passages:
        lines.append("(none found)")
    lines += ["", f"Sentence to check ({sentence[0]}): {sentence[1].strip()}"]
    return "\n".join(lines)


def render_answer_prompt(
    question: str,
    sentences: Sequence[tuple[str, str]],
    passages: Sequence[tuple[int, str]],
    candidates: Sequence[Sequence[int]],
) -> str:
    """The user message for a whole answer.

    Args: question: the question asked. sentences: (id, text) in order. passages: (page,
          text) of every distinct passage, shown as P1, P2, ... in this order.
          candidates: per sentence, 0-based indexes into ``passages`` retrieved for it.
    Returns: the message text.
    """
    lines = [f"Question: {question.strip() or '(none)'}", "", "Passages from the paper:"]
    lines += [_passage_line(f"P{i + 1}", page, text) for i, (page, text) in enumerate(passages)]
    if not passages:
        lines.append("(none found)")
    lines += ["", "Answer sentences (with the passages retrieved for each):"]
    for (sid, text), cand in zip(sentences, candidates):
        ids = ", ".join(f"P{i + 1}" for i in cand) or "none"
        lines.append(f"{sid}: {text.strip()}  [passages: {ids}]")
    return "\n".join(lines)


__all__ = [
    "ANSWER_SYSTEM",
    "DEFINITIONS",
    "IMAGE_NOTE",
    "MAX_PASSAGE_CHARS",
    "PROMPT_VERSION",
    "RETRY_MESSAGE",
    "SENTENCE_SYSTEM",
    "render_answer_prompt",
    "render_sentence_prompt",
]
