#!/usr/bin/env python3
"""Whole replies, side by side: callsieve's `parse()` and every alternative a user would pick,
each called the way its users call it, in one process and one run (the peers' venv).

    "$PEERS_VENV"/bin/python bench/peers_whole.py --replies replies.json --out results.json

`python -m bench --peers` writes the replies (bench/wholebench.py) and runs this.  Per reply and
parser: CPU µs per parse (best of runs) and whether the calls (names and arguments, in order)
and the content (whitespace runs collapsed) are the expected ones.  A parser that does not know a
reply's syntax is not run on it.

  vLLM           ToolParser.extract_tool_calls(model_output, request) (the whole-text path of
                 every non-streamed request), hermes / mistral
  SGLang         FunctionCallParser.parse_non_stream(text), qwen / mistral
  transformers   parse_response(text, response_template, prefix="") with a Hermes template (the
                 Qwen/SmolLM3 shape: <tool_call> JSON </tool_call>, content up to <|im_end|>) and
                 a harmony one (gpt-oss' channels); ResponseParser is what it runs
  openai-harmony HarmonyEncoding.parse_messages_from_completion_tokens(ids, Role.ASSISTANT), the
                 ids of the reply (its own o200k vocabulary), as gpt-oss servers call it
  mistral-common its own server's path: the reply's Tekken ids split at [TOOL_CALLS], then
                 _decode_tool_calls (mistral_common.experimental.app)
  + every library of bench/peers_extra.py that is installed
"""
from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# (not this folder on sys.path: its profile.py would stand in for the standard library's)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]


def _load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


H = _load("peers_harness")     # vLLM, SGLang, their tool lists; bypasses sglang's package init

CPU = time.process_time
TOOLS = [{"type": "function", "function": f} for f in H.TOOL_SCHEMAS]


EXTRA = _load("peers_extra")  # agent-tool-parser, toolpatch, qwen-agent
_arguments = EXTRA.arguments


# --------------------------------------------------------------------------- the parsers
# Each: name, formats it reads, and parse(text) -> (content, [(name, arguments)]).

class Callsieve:
    label = "callsieve parse()"
    formats = None                        # every reply (auto-detection)

    def __init__(self):
        import callsieve
        self.cs = callsieve

    def parse(self, text, fmt):
        m = self.cs.parse(text, tools=TOOLS)
        return m.content, [(c.name, c.arguments) for c in m.tool_calls]


class Vllm:
    formats = {"hermes": "hermes", "mistral": "mistral", "prose": "hermes"}

    def __init__(self):
        self.label = "vLLM " + H.vllm.__version__
        self.request = H.ChatCompletionRequest(model="bench", messages=[{"role": "user", "content": "go"}],
                                               tools=H.VLLM_TOOLS, tool_choice="auto")
        self.tok = {"hermes": H.FakeTokenizer(["<tool_call>", "</tool_call>"]),
                    "prose": H.FakeTokenizer(["<tool_call>", "</tool_call>"]),
                    "mistral": H.FakeTokenizer(["[TOOL_CALLS]"])}

    def parse(self, text, fmt):
        name = self.formats[fmt]
        parser = H.ToolParserManager.get_tool_parser(name)(self.tok[fmt], H.VLLM_TOOLS)
        info = parser.extract_tool_calls(text, self.request)
        return info.content or "", [(c.function.name, _arguments(c.function.arguments)) for c in info.tool_calls]


class Sglang:
    formats = {"hermes": "qwen", "mistral": "mistral", "prose": "qwen"}

    def __init__(self):
        self.label = "SGLang " + H.SGLANG_VERSION

    def parse(self, text, fmt):
        p = H.FunctionCallParser(tools=H.SGL_TOOLS, tool_call_parser=self.formats[fmt])
        normal, calls = p.parse_non_stream(text)
        return normal or "", [(c.name, _arguments(c.parameters)) for c in calls]


HERMES_TEMPLATE = {
    "defaults": {"role": "assistant"},
    "start_anchor": "<|im_start|>assistant\n",
    "fields": {
        "thinking": {"open": "<think>", "close": "</think>", "content": "text"},
        "tool_calls": {"open": "<tool_call>", "close": "</tool_call>", "repeats": True, "content": "json",
                       "transform": {"type": "function", "function": "{content}"}},
        "content": {"close": "<|im_end|>", "content": "text"},
    },
}
HARMONY_TEMPLATE = {
    "defaults": {"role": "assistant"},
    "start_anchor": "<|start|>assistant",
    "fields": {
        "thinking": {"open": "<|channel|>analysis<|message|>", "close": "<|end|>", "content": "text"},
        "content": {"open": "<|channel|>final<|message|>", "close": "<|end|>", "content": "text"},
        "tool_calls": {"open_pattern": r"<\|channel\|>commentary to=functions\.(?P<name>\w+).*?<\|message\|>",
                       "close": "<|call|>", "repeats": True, "content": "json",
                       "transform": {"type": "function", "function": {"name": "{name}", "arguments": "{content}"}}},
    },
}


class Transformers:
    formats = {"hermes": HERMES_TEMPLATE, "prose": HERMES_TEMPLATE, "harmony": HARMONY_TEMPLATE}

    def __init__(self):
        import transformers
        from transformers.utils.chat_parsing import parse_response
        self.label = "transformers " + transformers.__version__
        self.fn = parse_response

    def parse(self, text, fmt):
        m = self.fn(text, self.formats[fmt], prefix="", tools=TOOLS)
        calls = [(c["function"]["name"], _arguments(c["function"]["arguments"])) for c in m.get("tool_calls") or ()]
        return m.get("content") or "", calls


class Harmony:
    formats = {"harmony": True}

    def __init__(self):
        from openai_harmony import HarmonyEncodingName, Role, load_harmony_encoding
        self.enc = load_harmony_encoding(HarmonyEncodingName.HARMONY_GPT_OSS)
        self.role = Role.ASSISTANT
        self.label = "openai-harmony"
        self.ids = {}

    def prepare(self, text, fmt):
        self.ids[text] = self.enc.encode(text, allowed_special="all")

    def parse(self, text, fmt):
        content, calls = [], []
        for msg in self.enc.parse_messages_from_completion_tokens(self.ids[text], self.role):
            body = "".join(c.text for c in msg.content)
            if msg.recipient and msg.recipient.startswith("functions."):
                calls.append((msg.recipient[len("functions."):], _arguments(body)))
            elif msg.channel == "final":
                content.append(body)
        return "".join(content), calls


class MistralCommon:
    formats = {"mistral": True}

    def __init__(self):
        import mistral_common
        from mistral_common.experimental.tools import _decode_tool_calls, _split_content_and_tool_calls
        from mistral_common.tokens.tokenizers.mistral import MistralTokenizer
        data = os.path.join(os.path.dirname(mistral_common.__file__), "data", "tekken_240911.json")
        self.tok = MistralTokenizer.from_file(data).instruct_tokenizer.tokenizer
        self.split, self.decode = _split_content_and_tool_calls, _decode_tool_calls
        self.tc = self.tok.get_special_token("[TOOL_CALLS]")
        self.label = "mistral-common " + mistral_common.__version__
        self.ids = {}

    def prepare(self, text, fmt):
        head, sep, tail = text.partition("[TOOL_CALLS]")
        ids = self.tok.encode(head, bos=False, eos=False)
        if sep:
            ids += [self.tc] + self.tok.encode(tail, bos=False, eos=False)
        self.ids[text] = ids

    def parse(self, text, fmt):
        from mistral_common.tokens.tokenizers.base import SpecialTokenPolicy
        content, calls = self.split(self.ids[text], self.tc)
        out = self.decode(calls, self.tok)
        return (self.tok.decode(content, special_token_policy=SpecialTokenPolicy.IGNORE),
                [(c.function.name, _arguments(c.function.arguments)) for c in out])


def parsers():
    out, missing = [], []
    classes = [Callsieve, Vllm, Sglang, Transformers, Harmony, MistralCommon]
    classes += EXTRA.PARSERS
    for cls in classes:
        try:
            out.append(cls())
        except Exception as e:               # not installed, or cannot load offline
            missing.append(f"{cls.__name__}: {type(e).__name__}: {e}"[:200])
    return out, missing


# --------------------------------------------------------------------------- running
def family(rep):
    return rep["format"] or "prose"


def check(rep, content, calls):
    exp = [(c["name"], c["arguments"]) for c in rep["calls"]]
    if calls != exp:
        right = sum(1 for a, b in zip(calls, exp) if a == b)
        return False, f"{right}/{len(exp)} calls right" + (f" (got {len(calls)})" if len(calls) != len(exp) else "")
    if content is not None and " ".join(content.split()) != " ".join(rep["content"].split()):
        return False, f"content differs ({len(content)} chars, expected {len(rep['content'])})"
    return True, ""


def best(fn, n, runs):
    b = float("inf")
    for _ in range(runs):
        gc.collect()
        c0 = CPU()
        for _ in range(n):
            fn()
        b = min(b, (CPU() - c0) / n)
    return b


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--replies", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args(argv)
    with open(a.replies, encoding="utf-8") as f:
        reps = json.load(f)
    ps, missing = parsers()
    rows = []
    for rep in reps:
        fmt, text = family(rep), rep["text"]
        size = len(text.encode("utf-8"))
        n = max(1, min(2000, 200_000 // size))
        for p in ps:
            if p.formats is not None and fmt not in p.formats:
                continue
            row = {"reply": rep["id"], "parser": p.label, "bytes": size}
            try:
                if hasattr(p, "prepare"):
                    p.prepare(text, fmt)
                content, calls = p.parse(text, fmt)
                row["ok"], row["note"] = check(rep, content, calls)
                s = best(lambda: p.parse(text, fmt), n, a.runs)
                row.update(us=s * 1e6, mb_s=size / s / 1e6)
            except Exception as e:
                row.update(ok=False, note=f"raised {type(e).__name__}: {str(e)[:120]}")
            rows.append(row)
            print(f"  {rep['id']:<30} {p.label:<55} " + (f"{row['us']:10.1f} µs {row['mb_s']:8.2f} MB/s "
                  if "us" in row else " " * 30) + ("ok" if row["ok"] else "WRONG " + row["note"]), flush=True)
    meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "missing": missing,
            "parsers": [p.label for p in ps]}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "rows": rows}, f, indent=1, ensure_ascii=False)
    for m in missing:
        print("  not run:", m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
