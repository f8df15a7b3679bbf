"""A local NLI judge: a sequence-classification model from a directory on disk scores each
(evidence chunk, sentence) pair; entailment / contradiction / neutral become supported /
contradiction / nei by the "contradiction first" policy of
:func:`grounding.judges.decision.decide_nli`.

Usage::

    judge = NLIJudge(NLISettings(model_dir="/models/deberta-v3-large-mnli", device="auto"))
    report = check(question, answer, "paper.pdf", judge=judge)
    judge.judge_many(claims)          # one batched pass over every claim's premises

The model directory is what ``save_pretrained`` writes (config.json with ``id2label``,
weights, tokenizer files); nothing is downloaded at run time (``local_files_only=True``).
Its ``id2label`` names must say which class is which (entail*, neutral, contradict*; any
case): a model with generic LABEL_0..LABEL_2 names is refused with a JudgeError.

Premises: each candidate passage of the sentence (``ClaimContext.passages``, best first, at
most ``NLISettings.passages``) is one premise; a passage longer than ``chunk_chars``
characters is cut at sentence ends into chunks. The tokenizer truncates only the premise
(``truncation="only_first"``) to ``max_length`` tokens.

Not-a-claim and role: NLI cannot tell framing from claims, so an optional ``gate`` judge
(the registry passes the rules judge) decides not_a_claim and gives the role; without one
every sentence is a claim with role Observation. Error spans are not produced (NLI gives no
spans); the rationale names the deciding chunk and its probabilities.

``transformers`` and ``torch`` are imported only inside :func:`load_nli_model`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from annotations.schema import Label, Role
from grounding.errors import JudgeError, MissingCredentials
from grounding.judges.base import ClaimContext, Judge
from grounding.judges.decision import NLIThresholds, decide_nli
from grounding.types import Judgement, Passage

ENV_MODEL_DIR = "SCIGROUND_NLI_MODEL_DIR"
_SENT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\[])")
NLIRole = Literal["entail", "neutral", "contradict"]


class NLISettings(BaseModel):
    """Options of :class:`NLIJudge` (frozen; unknown keys rejected).

    model_dir: local directory of a sequence-classification NLI model (SCIGROUND_NLI_MODEL_DIR).
    device: "cpu", "cuda", "cuda:N" or "auto" (cuda when available). batch_size: pairs per
    forward pass. max_length: tokens per pair (premise truncated first). passages: premises
    per sentence, best first. chunk_chars: longest premise chunk in characters.
    entail / contradict: probability thresholds in [0, 1] of the decision rule.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    model_dir: str | None = None
    device: str = "auto"
    batch_size: int = Field(default=16, ge=1, le=1024)
    max_length: int = Field(default=256, ge=16, le=4096)
    passages: int = Field(default=8, ge=1, le=64)
    chunk_chars: int = Field(default=600, ge=50)
    entail: float = Field(default=0.65, ge=0, le=1)
    contradict: float = Field(default=0.55, ge=0, le=1)


def label_roles(id2label: Mapping[int | str, str]) -> dict[int, NLIRole]:
    """Which output index is entailment, neutral, contradiction, from a config's id2label.

    Names are matched case-insensitively by prefix: "entail" (ENTAILMENT, entailed),
    "neutral", "contradict" (CONTRADICTION). Two-class models (entailment / not_entailment)
    are accepted: the other class counts as neutral.
    Raises: JudgeError if no class reads as entailment, or names are generic (LABEL_0).
    """
    roles: dict[int, NLIRole] = {}
    for k, name in id2label.items():
        n = str(name).strip().lower().replace("-", "_")
        i = int(k)
        if n.startswith("entail"):
            roles[i] = "entail"
        elif n.startswith("contradict"):
            roles[i] = "contradict"
        elif n.startswith("neutral") or n.startswith("not_entail") or n.startswith("non_entail"):
            roles[i] = "neutral"
    if "entail" not in roles.values() or len(roles) != len(id2label):
        raise JudgeError(
            f"the model's id2label {dict(id2label)} does not name entailment / "
            "neutral / contradiction classes; use an NLI model "
            f"(set {ENV_MODEL_DIR})",
            backend="nli",
        )
    return roles


def premise_chunks(passages: Sequence[Passage], max_chars: int = 600) -> list[tuple[int, str]]:
    """Premise texts from passages: (index of the passage, text), in passage order.

    Whitespace is collapsed; a passage longer than ``max_chars`` is split at sentence ends
    (a sentence longer than ``max_chars`` is cut hard). Empty passages give nothing.
    """
    out: list[tuple[int, str]] = []
    for i, p in enumerate(passages):
        text = " ".join(p.text.split())
        if not text:
            continue
        if len(text) <= max_chars:
            out.append((i, text))
            continue
        chunk = ""
        for sent in _SENT_END.split(text):
            while len(sent) > max_chars:
                if chunk:
                    out.append((i, chunk))
                    chunk = ""
                out.append((i, sent[:max_chars]))
                sent = sent[max_chars:]
            if chunk and len(chunk) + 1 + len(sent) > max_chars:
                out.append((i, chunk))
                chunk = sent
            else:
                chunk = f"{chunk} {sent}" if chunk else sent
        if chunk:
            out.append((i, chunk))
    return out


@dataclass
class NLIModel:
    """A loaded NLI model: tokenizer, model (eval mode, on ``device``) and class roles."""

    tokenizer: Any
    model: Any
    roles: dict[int, NLIRole]
    device: str
    path: str

    def predict(
        self, pairs: Sequence[tuple[str, str]], batch_size: int = 16, max_length: int = 256
    ) -> list[dict[str, float]]:
        """Class probabilities for (premise, hypothesis) pairs.

        Returns: one dict per pair with keys "entail", "neutral", "contradict" (softmax
        probabilities summing to 1; "neutral" is 0 for a two-class model without one).
        """
        import torch

        out: list[dict[str, float]] = []
        for b in range(0, len(pairs), batch_size):
            batch = pairs[b : b + batch_size]
            enc = self.tokenizer(
                [p for p, _ in batch],
                [h for _, h in batch],
                return_tensors="pt",
                padding=True,
                truncation="only_first",
                max_length=max_length,
            )
            enc = {k: v.to(self.device) for k, v in enc.items()}
            with torch.inference_mode():
                probs = torch.softmax(self.model(**enc).logits.float(), dim=-1).cpu().tolist()
            for row in probs:
                d = {"entail": 0.0, "neutral": 0.0, "contradict": 0.0}
                for i, p in enumerate(row):
                    d[self.roles[i]] += float(p)
                out.append(d)
        return out


def _resolve_device(device: str, torch: Any) -> str:
    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise JudgeError(
            f"device {device!r} asked for but CUDA is not available (use device='cpu' or 'auto')",
            backend="nli",
        )
    return device


def load_nli_model(model_dir: str | Path | None, device: str = "auto") -> NLIModel:
    """Load an NLI model from a local directory (no download).

    Raises: MissingCredentials naming SCIGROUND_NLI_MODEL_DIR if ``model_dir`` is unset or
    not a directory; JudgeError if transformers/torch are missing (install hint), if the
    directory holds no loadable model, or if its classes are not NLI classes.
    """
    if not model_dir:
        raise MissingCredentials(
            f"no NLI model directory: set {ENV_MODEL_DIR} to a local "
            "model directory (nothing is downloaded)",
            backend="nli",
        )
    path = Path(model_dir)
    if not path.is_dir():
        raise MissingCredentials(
            f"{path} is not a directory: set {ENV_MODEL_DIR} to a local NLI model directory",
            backend="nli",
        )
    try:
        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer
    except ModuleNotFoundError as exc:
        raise JudgeError(
            f"{exc.name} is missing: install the nli extra (in the sciground "
            "checkout: pip install torch==2.13.0 -e '.[nli]')",
            backend="nli",
        ) from exc
    dev = _resolve_device(device, torch)
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
        model = AutoModelForSequenceClassification.from_pretrained(str(path), local_files_only=True)
    except (OSError, ValueError, KeyError) as exc:
        raise JudgeError(
            f"cannot load an NLI model from {path} ({type(exc).__name__}: "
            f"{exc}); check {ENV_MODEL_DIR}",
            backend="nli",
            model=path.name,
        ) from exc
    roles = label_roles(model.config.id2label)
    model.eval()
    model.to(dev)
    return NLIModel(tokenizer, model, roles, dev, str(path))


class NLIJudge:
    """Labels sentences with a local NLI model (see module docstring).

    Args: settings: NLISettings. model: an NLIModel already loaded (else loaded now from
          ``settings.model_dir``). gate: a judge consulted first for not_a_claim and role.
    Raises: MissingCredentials / JudgeError from :func:`load_nli_model`.
    """

    name = "nli"

    def __init__(
        self, settings: NLISettings, *, model: NLIModel | None = None, gate: Judge | None = None
    ) -> None:
        self.settings = settings
        self.thresholds = NLIThresholds(entail=settings.entail, contradict=settings.contradict)
        self.nli = model or load_nli_model(settings.model_dir, settings.device)
        self.gate = gate

    def judge(self, claim: ClaimContext) -> Judgement:
        """Label one sentence (see :meth:`judge_many`)."""
        return self.judge_many([claim])[0]

    def judge_many(self, claims: Sequence[ClaimContext]) -> list[Judgement]:
        """Label sentences with one batched pass over all their (chunk, sentence) pairs.

        Returns: one Judgement per claim, in order. Raises: JudgeError if inference fails.
        """
        gated: list[Judgement | None] = []
        for c in claims:
            gated.append(self.gate.judge(c) if self.gate is not None else None)
        pairs: list[tuple[str, str]] = []
        spans: list[tuple[int, int, list[tuple[int, str]]]] = []
        for c, g in zip(claims, gated):
            chunks = (
                []
                if g is not None and g.label is Label.NOT_A_CLAIM
                else premise_chunks(c.passages[: self.settings.passages], self.settings.chunk_chars)
            )
            start = len(pairs)
            pairs.extend((text, c.sentence.text) for _, text in chunks)
            spans.append((start, len(pairs), chunks))
        try:
            probs = (
                self.nli.predict(pairs, self.settings.batch_size, self.settings.max_length)
                if pairs
                else []
            )
        except RuntimeError as exc:  # torch raises RuntimeError for OOM, bad device, ...
            raise JudgeError(
                f"NLI inference failed: {exc}", backend=self.name, model=Path(self.nli.path).name
            ) from exc
        out = []
        for c, g, (a, b, chunks) in zip(claims, gated, spans):
            if g is not None and g.label is Label.NOT_A_CLAIM:
                out.append(
                    Judgement(
                        label=Label.NOT_A_CLAIM,
                        role=None,
                        rationale=g.rationale,
                        judge=self.name,
                        extra={"gate": g.judge},
                    )
                )
                continue
            role = g.role if g is not None and g.role is not None else Role.OBSERVATION
            out.append(self.decide(c.passages, chunks, probs[a:b], role))
        return out

    def decide(
        self,
        passages: Sequence[Passage],
        chunks: Sequence[tuple[int, str]],
        probs: Sequence[Mapping[str, float]],
        role: Role | None = Role.OBSERVATION,
    ) -> Judgement:
        """The judgement from per-chunk probabilities (pure; the B40 rule of decide_nli).

        Args: passages: the sentence's candidate passages. chunks: (passage index, text)
              as :func:`premise_chunks` gives. probs: one probability dict per chunk.
        Returns: supported / contradiction with the deciding passage as evidence, or nei.
        """
        d = decide_nli(probs, self.thresholds)
        extra: dict[str, object] = {"nli_probs": [dict(p) for p in probs]}
        if d.evidence_index is None:
            return Judgement(
                label=Label.NEI,
                role=role,
                rationale=f"NLI: {d.reason}",
                judge=self.name,
                extra=extra,
            )
        pi, text = chunks[d.evidence_index]
        p = probs[d.evidence_index]
        snippet = text if len(text) <= 160 else text[:157] + "..."
        return Judgement(
            label=d.label,
            role=role,
            rationale=(
                f"NLI: {d.reason}; p(entail)={p['entail']:.2f}, "
                f"p(contradict)={p['contradict']:.2f} on page {passages[pi].page}: "
                f'"{snippet}"'
            ),
            evidence=(passages[pi],),
            judge=self.name,
            extra=extra,
        )


__all__ = [
    "ENV_MODEL_DIR",
    "NLIJudge",
    "NLIModel",
    "NLISettings",
    "label_roles",
    "load_nli_model",
    "premise_chunks",
]
