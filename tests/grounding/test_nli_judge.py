"""NLIJudge with a tiny random-weight BERT built here and saved with save_pretrained, loaded
through the same code as a real model (``load_nli_model``)."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from annotations.schema import Label, Role
from grounding.errors import JudgeError, MissingCredentials
from grounding.judges.base import ClaimContext
from grounding.judges.decision import NLIThresholds
from grounding.judges.nli_judge import (
    NLIJudge,
    NLISettings,
    label_roles,
    load_nli_model,
    premise_chunks,
)
from grounding.types import Judgement, Passage, Rect, Sentence
from tests.conftest import load_cases

WORDS = (
    "[PAD] [UNK] [CLS] [SEP] [MASK] the a model force equals mass acceleration "
    "divided by multiplied is of rate change velocity body . , not trained on "
    "citation triplets specter reaches 80 0 average"
).split()
NLI_LABELS = {0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"}


def _tokenizer(vocab: Path) -> Any:
    from transformers import BertTokenizer

    params = inspect.signature(BertTokenizer.__init__).parameters
    if "vocab_file" in params:  # transformers 4.x
        return BertTokenizer(vocab_file=str(vocab))
    return BertTokenizer(vocab=str(vocab))  # transformers 5.x: a path or a dict


def build_tiny_nli(
    path: Path, id2label: dict[int, str] = NLI_LABELS, bias: tuple[float, ...] | None = None
) -> Path:
    """Write a 1-layer BERT sequence classifier with a real WordPiece tokenizer to ``path``.

    bias: if given, the classifier's weights are zeroed and its bias set, so the class
    probabilities are known whatever the input.
    """
    pytest.importorskip("torch", reason="the nli extra (torch) is not installed")
    transformers = pytest.importorskip(
        "transformers", reason="the nli extra (transformers) is not installed"
    )
    import torch

    path.mkdir(parents=True, exist_ok=True)
    vocab = path / "vocab.txt"
    vocab.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    tok = _tokenizer(vocab)
    torch.manual_seed(0)
    cfg = transformers.BertConfig(
        vocab_size=len(WORDS),
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=128,
        num_labels=len(id2label),
        id2label=id2label,
        label2id={v: k for k, v in id2label.items()},
    )
    model = transformers.BertForSequenceClassification(cfg)
    if bias is not None:
        with torch.no_grad():
            model.classifier.weight.zero_()
            model.classifier.bias.copy_(torch.tensor(bias))
    model.save_pretrained(path)
    tok.save_pretrained(path)
    return path


@pytest.fixture(scope="module")
def tiny_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_nli(tmp_path_factory.mktemp("tiny-nli"))


SENT = Sentence(0, 0, 41, "Force equals acceleration divided by mass.")
PASSAGES = (
    Passage(3, 0, 45, "Force equals mass multiplied by acceleration.", (Rect(1, 2, 3, 4),), 0.9),
    Passage(
        4,
        0,
        56,
        "Acceleration is the rate of change of velocity of a body.",
        (Rect(5, 6, 7, 8),),
        0.6,
    ),
)


def ctx(sentence: Sentence = SENT, passages: tuple[Passage, ...] = PASSAGES) -> ClaimContext:
    return ClaimContext(sentence=sentence, question="", previous=(), passages=passages)


def test_loads_and_predicts_probabilities(tiny_dir: Path) -> None:
    nli = load_nli_model(tiny_dir, device="cpu")
    assert nli.roles == {0: "entail", 1: "neutral", 2: "contradict"}
    pairs = [(p.text, SENT.text) for p in PASSAGES] + [("the model .", "specter reaches 80")]
    one = nli.predict(pairs, batch_size=1)
    batched = nli.predict(pairs, batch_size=3)
    for a, b in zip(one, batched):
        assert sum(a.values()) == pytest.approx(1.0, abs=1e-5)
        for k in a:  # padding in a batch does not change the result
            assert a[k] == pytest.approx(b[k], abs=1e-4)


def test_judge_labels_through_the_loaded_model(tiny_dir: Path) -> None:
    judge = NLIJudge(NLISettings(model_dir=str(tiny_dir), device="cpu"))
    j = judge.judge(ctx())
    assert j.label in (Label.SUPPORTED, Label.CONTRADICTION, Label.NEI)
    assert j.judge == "nli" and len(j.extra["nli_probs"]) == 2
    many = judge.judge_many([ctx(), ctx(passages=()), ctx()])
    assert many[0].label is j.label and many[2].label is j.label
    assert many[1].label is Label.NEI and many[1].evidence == ()


@pytest.mark.parametrize(
    ("id2label", "expected"),
    [
        ({0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"}, Label.SUPPORTED),
        ({0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}, Label.CONTRADICTION),
        ({0: "neutral", 1: "entailment", 2: "contradiction"}, Label.NEI),
    ],
)
def test_class_names_are_read_from_the_config(
    tmp_path: Path, id2label: dict[int, str], expected: Label
) -> None:
    # class 0 always wins (bias 10 vs 0): the label depends only on what class 0 is called
    path = build_tiny_nli(tmp_path / "m", id2label, bias=(10.0, 0.0, 0.0))
    j = NLIJudge(NLISettings(model_dir=str(path), device="cpu")).judge(ctx())
    assert j.label is expected
    if expected is not Label.NEI:
        # both passages score the same here; decide_nli breaks the tie (see its docstring)
        (ev,) = j.evidence
        assert ev in PASSAGES and f"page {ev.page}" in j.rationale


def test_b40_contradiction_on_one_sentence_beats_entailment_elsewhere(tiny_dir: Path) -> None:
    case = load_cases("grounding")["B40"]["input"]
    judge = NLIJudge(
        NLISettings(
            model_dir=str(tiny_dir),
            device="cpu",
            entail=case["thresholds"]["entail"],
            contradict=case["thresholds"]["contradict"],
        )
    )
    assert judge.thresholds == NLIThresholds(0.65, 0.55)
    passages = tuple(Passage(1, 0, len(t), t, ()) for t in case["evidence"])
    chunks = premise_chunks(passages)
    j = judge.decide(passages, chunks, case["mock_nli_probs"])
    assert j.label is Label.CONTRADICTION and j.evidence == (passages[0],)


def test_gate_decides_not_a_claim_and_role(tiny_dir: Path) -> None:
    class Gate:
        name = "fake"

        def judge(self, claim: ClaimContext) -> Judgement:
            if claim.sentence.text.endswith(":"):
                return Judgement(Label.NOT_A_CLAIM, None, "heading", judge="fake")
            return Judgement(Label.SUPPORTED, Role.INTERPRETATION, "x", judge="fake")

    judge = NLIJudge(NLISettings(model_dir=str(tiny_dir), device="cpu"), gate=Gate())
    heading = Sentence(0, 0, 13, "Key findings:")
    a, b = judge.judge_many([ctx(heading), ctx()])
    assert a.label is Label.NOT_A_CLAIM and a.role is None and "nli_probs" not in a.extra
    assert b.role is Role.INTERPRETATION and b.label is not Label.NOT_A_CLAIM


def test_missing_directory_names_the_setting(tmp_path: Path) -> None:
    with pytest.raises(MissingCredentials, match="SCIGROUND_NLI_MODEL_DIR"):
        NLIJudge(NLISettings())
    with pytest.raises(MissingCredentials, match="SCIGROUND_NLI_MODEL_DIR"):
        load_nli_model(tmp_path / "nowhere")


def test_directory_without_a_model_is_a_judge_error(tmp_path: Path) -> None:
    pytest.importorskip("transformers", reason="the nli extra is not installed")
    (tmp_path / "empty").mkdir()
    with pytest.raises(JudgeError, match="SCIGROUND_NLI_MODEL_DIR"):
        load_nli_model(tmp_path / "empty", device="cpu")


def test_generic_class_names_are_refused(tmp_path: Path) -> None:
    path = build_tiny_nli(tmp_path / "g", {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    with pytest.raises(JudgeError, match="entailment"):
        load_nli_model(path, device="cpu")


def test_cuda_asked_without_cuda(tiny_dir: Path) -> None:
    torch = pytest.importorskip("torch", reason="the nli extra (torch) is not installed")

    if torch.cuda.is_available():
        pytest.skip("CUDA is available here")
    with pytest.raises(JudgeError, match="CUDA"):
        load_nli_model(tiny_dir, device="cuda")


def test_label_roles_two_class_model() -> None:
    assert label_roles({"0": "entailment", "1": "not_entailment"}) == {0: "entail", 1: "neutral"}


def test_premise_chunks_split_long_passages() -> None:
    long = " ".join(f"Sentence number {i} is here." for i in range(40))
    p = Passage(2, 0, len(long), long, ())
    chunks = premise_chunks([Passage(1, 0, 0, "   ", ()), p], max_chars=100)
    assert all(i == 1 for i, _ in chunks)
    assert all(len(t) <= 100 for _, t in chunks)
    assert " ".join(t for _, t in chunks) == long
