"""Overhead of the model judges per sentence, with model time taken out.

Run: ``python bench/judge_overhead.py [--data ../shared/data] [--repeat 3] [--no-nli]``

Claims are the GroundQA dev answers' sentences with their top-8 passages from the real
papers (PDF reading and indexing are done first and not timed). Then, per sentence:

- llm/sentence: OpenAIJudge.judge against :mod:`bench.scripted_llm` (a loopback server that
  answers at once): prompt rendering, JSON encoding, the HTTP round trip on loopback, reply
  validation, Judgement building. Also with ``judge_many`` at concurrency 4.
- llm/answer: ``judge_answer`` (one request per answer), time divided by its sentences.
- llm/cache-hit: the same requests answered from the SQLite response cache.
- pure parts without HTTP: prompt rendering alone, reply validation alone.
- nli (unless --no-nli or transformers is missing): NLIJudge.judge_many with a tiny
  random 1-layer BERT built in a temp dir, so model time is near zero; the forward-pass
  time is measured separately and subtracted.

Prints milliseconds per sentence (median of ``--repeat`` runs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scripted_llm import ScriptedServer, scripted_reply  # noqa: E402


def build_claims(data: Path) -> tuple[list, list]:
    from annotations.schema import QAPair
    from grounding.evidence import EvidenceIndex
    from grounding.judges.base import ClaimContext
    from grounding.pdf import read_pdf
    from grounding.sentences import split_sentences

    dev = data / "groundqa" / "dev"
    rows = [
        QAPair.model_validate_json(line)
        for f in sorted(dev.glob("*.jsonl"))
        if not f.name.endswith(".citations.jsonl")
        for line in f.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    indexes: dict[str, tuple] = {}
    claims, answers = [], []
    for row in rows:
        if row.paper_id not in indexes:
            doc = read_pdf(data / "papers" / f"{row.paper_id}.pdf")
            indexes[row.paper_id] = (doc, EvidenceIndex.build(doc))
        doc, index = indexes[row.paper_id]
        sents = split_sentences(row.answer_raw)
        per = [tuple(index.search(s.text, k=8)) for s in sents]
        for i, s in enumerate(sents):
            claims.append(ClaimContext(s, row.question_text, tuple(sents[:i]), per[i], doc))
        answers.append((row.question_text, sents, per, doc))
    return claims, answers


def timed(fn: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def tiny_nli_dir(path: Path) -> Path:
    import torch
    import transformers

    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + [chr(c) for c in range(97, 123)]
    vocab = path / "vocab.txt"
    vocab.write_text("\n".join(words) + "\n", encoding="utf-8")
    try:
        tok = transformers.BertTokenizer(vocab=str(vocab))
    except TypeError:
        tok = transformers.BertTokenizer(vocab_file=str(vocab))
    torch.manual_seed(0)
    labels = {0: "entailment", 1: "neutral", 2: "contradiction"}
    cfg = transformers.BertConfig(
        vocab_size=len(words),
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=512,
        id2label=labels,
        label2id={v: k for k, v in labels.items()},
    )
    transformers.BertForSequenceClassification(cfg).save_pretrained(path)
    tok.save_pretrained(path)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-nli", action="store_true")
    args = ap.parse_args(argv)
    data = Path(args.data)
    if not (data / "groundqa" / "dev").is_dir():
        print(f"dev set not found under {data}", file=sys.stderr)
        return 2

    from grounding.judges import prompts
    from grounding.judges.openai_judge import LLMSettings, OpenAIJudge, parse_sentence_reply

    t0 = time.perf_counter()
    claims, answers = build_claims(data)
    n = len(claims)
    print(
        f"{n} sentences from {len(answers)} dev answers "
        f"(read + index + search: {time.perf_counter() - t0:.1f} s, not counted)"
    )
    ms = lambda seconds: f"{1000 * seconds / n:8.3f} ms/sentence"  # noqa: E731

    def render_all() -> None:
        for c in claims:
            prompts.render_sentence_prompt(
                c.question,
                [(p.id, p.text) for p in c.previous],
                (c.sentence.id, c.sentence.text),
                [(p.page, p.text) for p in c.passages],
            )

    replies = [
        scripted_reply(
            {
                "messages": [
                    {},
                    {
                        "content": prompts.render_sentence_prompt(
                            c.question,
                            [],
                            (c.sentence.id, c.sentence.text),
                            [(p.page, p.text) for p in c.passages],
                        )
                    },
                ]
            }
        )
        for c in claims
    ]

    def validate_all() -> None:
        for c, r in zip(claims, replies):
            parse_sentence_reply(r, c.sentence, len(c.passages), None)

    print(f"prompt rendering only       {ms(timed(render_all, args.repeat))}")
    print(f"reply validation only       {ms(timed(validate_all, args.repeat))}")

    with ScriptedServer() as server, tempfile.TemporaryDirectory() as tmp:
        base = LLMSettings(base_url=server.base_url, model="scripted", max_retries=0)
        judge = OpenAIJudge(base)
        judge.judge(claims[0])  # build the client, warm the connection
        t = timed(lambda: [judge.judge(c) for c in claims], args.repeat)
        print(f"llm/sentence, serial        {ms(t)}")
        conc = OpenAIJudge(base.model_copy(update={"concurrency": 4}))
        conc.judge(claims[0])
        t = timed(lambda: conc.judge_many(claims), args.repeat)
        print(f"llm/sentence, concurrency 4 {ms(t)}")
        ans = OpenAIJudge(base.model_copy(update={"mode": "answer"}))
        t = timed(lambda: [ans.judge_answer(q, s, p, d) for q, s, p, d in answers], args.repeat)
        print(f"llm/answer (1 request/answer){ms(t)}")
        failures = ans.usage().failures
        cached = OpenAIJudge(base.model_copy(update={"cache_path": os.path.join(tmp, "c.db")}))
        for c in claims:
            cached.judge(c)
        t = timed(lambda: [cached.judge(c) for c in claims], args.repeat)
        print(f"llm/cache hit               {ms(t)}")
        u = judge.usage()
        print(
            f"requests answered: {server.requests}; judge failures: "
            f"{u.failures + failures}; tokens per sentence (scripted counts): "
            f"{(u.prompt_tokens) / max(u.requests, 1):.0f} in"
        )

    if not args.no_nli:
        try:
            import torch  # noqa: F401
            import transformers  # noqa: F401
        except ModuleNotFoundError:
            print("nli: skipped (transformers/torch not installed)")
            return 0
        from grounding.judges.nli_judge import NLIJudge, NLISettings, premise_chunks

        with tempfile.TemporaryDirectory() as tmp:
            path = tiny_nli_dir(Path(tmp))
            nli = NLIJudge(
                NLISettings(model_dir=str(path), device="cpu", batch_size=64, max_length=128)
            )
            total = timed(lambda: nli.judge_many(claims), args.repeat)
            pairs = [
                (t, c.sentence.text) for c in claims for _, t in premise_chunks(c.passages, 600)
            ]
            model = timed(lambda: nli.nli.predict(pairs, 64, 128), args.repeat)
            print(f"nli total (tiny model)      {ms(total)}  ({len(pairs)} pairs)")
            print(f"nli tokenise+forward        {ms(model)}")
            print(f"nli overhead (difference)   {ms(max(total - model, 0.0))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
