"""What the claim verifier costs: per (premise, claim) pair and per claim sentence.

Run: ``python bench/verifier_speed.py [--data ../shared/data] [--clock cpu|wall]``

For every answer of GroundQA dev (papers/) and groundqa-more (papers-more/), with the
paper already read and indexed, judges the answer's sentences (gold split) twice in turns,
with the rules judge and with the verifier judge, and prints the mean time per claim
sentence of each, their difference (what the verifier adds), the share of sentences the
verifier was asked about, the pairs scored per asked sentence, and the cost per pair of
the numpy model alone (timed on the same pairs, batched). CPU time of this process by
default (``--clock wall`` for the wall clock). Target: the verifier adds at most 60 ms per
claim sentence on the mean.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.schema import Label  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.base import ClaimContext  # noqa: E402
from grounding.judges.rules import RulesJudge  # noqa: E402
from grounding.judges.verifier_judge import VerifierJudge, undecided  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.types import Sentence  # noqa: E402


def answers(data: Path) -> list[tuple[Path, str, list[str]]]:
    """(pdf, question, gold sentences) of every answer."""
    out = []
    for path in sorted((data / "groundqa" / "dev").glob("*.jsonl")):
        if path.name.endswith(".citations.jsonl"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append(
                    (
                        data / "papers" / f"{path.stem}.pdf",
                        row["question_text"],
                        [a["sentence"] for a in row["annotations"]],
                    )
                )
    more = data / "groundqa-more" / "trial-answers.jsonl"
    for line in more.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out.append(
                (
                    data / row["paper_pdf"],
                    row["question"],
                    [s["sentence"] for s in row["sentences"]],
                )
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = ap.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    docs: dict[Path, tuple[object, EvidenceIndex]] = {}
    rules_t, verif_t, model_t = 0.0, 0.0, 0.0
    n_claims, n_asked, n_pairs = 0, 0, 0
    per_answer = []
    for pdf, question, sents in answers(Path(args.data)):
        if pdf not in docs:
            doc = read_pdf(pdf)
            docs[pdf] = (doc, EvidenceIndex.for_document(doc))
        doc, index = docs[pdf]
        ss = [Sentence(i, 0, len(s), s) for i, s in enumerate(sents)]
        claims = [
            ClaimContext(s, question, tuple(ss[:i]), (), doc, index) for i, s in enumerate(ss)
        ]
        t = clock()
        rj = RulesJudge(index=index)
        base = [rj.judge(c) for c in claims]
        t_rules = clock() - t
        vj = VerifierJudge(rules=RulesJudge(index=index))
        t = clock()
        vj.judge_many(claims)
        t_ver = clock() - t
        claims_n = sum(b.label is not Label.NOT_A_CLAIM for b in base)
        asked = [c for c, b in zip(claims, base) if undecided(b)]
        pairs = [(p.text, c.sentence.text) for c in asked for p in vj.premises(c)]
        t = clock()
        vj.verifier.predict(pairs)
        t_model = clock() - t
        rules_t += t_rules
        verif_t += t_ver
        model_t += t_model
        n_claims += claims_n
        n_asked += len(asked)
        n_pairs += len(pairs)
        per_answer.append((t_ver - t_rules) * 1000 / max(1, claims_n))
    print(f"{len(per_answer)} answers, {n_claims} claim sentences, clock {args.clock}")
    print(f"rules judge:    {rules_t * 1000 / n_claims:7.1f} ms per claim sentence")
    print(f"verifier judge: {verif_t * 1000 / n_claims:7.1f} ms per claim sentence")
    print(
        f"added:          {(verif_t - rules_t) * 1000 / n_claims:7.1f} ms per claim sentence "
        f"(mean over answers {statistics.mean(per_answer):.1f}, max {max(per_answer):.1f})"
    )
    print(
        f"asked: {n_asked} of {n_claims} claim sentences ({n_asked / n_claims:.0%}), "
        f"{n_pairs / max(1, n_asked):.1f} pairs each"
    )
    print(
        f"model alone: {model_t * 1000 / max(1, n_pairs):.2f} ms per pair, "
        f"{model_t / max(1e-9, verif_t - rules_t):.0%} of what the verifier adds"
    )
    print("target: at most 60 ms added per claim sentence on the mean")


if __name__ == "__main__":
    main()
