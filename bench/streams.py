"""Deterministic synthetic model-output streams for the benchmarks (standard library only).

The JSON-family streams (hermes, mistral, llama3_json) are the ones of the peers' harness
(bench/peers_harness.py, whose streams were generated the same way): at scale 1 they are identical, chunk for chunk, so callsieve's figures and the peers'
figures are about the same input.  Added here:

  * `qwen3_coder` streams: Qwen3-Coder's XML call
        <tool_call>\\n<function=NAME>\\n<parameter=K>\\nV\\n</parameter>\\n</function>\\n</tool_call>
    with a 1 KB / 100 KB string value (the XML family);
  * `ollama_json` streams (`ollama_streams`): replies of Ollama's JSON mode as litellm asks for a call,
    `{"name": …, "arguments": {…}}` as the whole reply (bare or in a ```json fence), a JSON answer
    that is no call, and prose; for litellm's Ollama iterator (bench/peers_extra.py) in the peers' run;
  * big prose (whole-text and memory benchmarks) and text dense with calls;
  * `proxy_stream`: prose + one call cut into about N chunks, for the proxy benchmarks.

Chunks are 2-5 characters (mean 3.5), as a tokenizer would cut them.  In *split* streams every
marker is cut across chunks; in *atomic* streams a special-token marker arrives as one chunk.
"""
from __future__ import annotations

import json
import random
import zlib

FORMATS = ("hermes", "mistral", "llama3_json")

SPECIAL_TOKENS = {
    "hermes": ["<tool_call>", "</tool_call>"],
    "mistral": ["[TOOL_CALLS]"],
    "llama3_json": ["<|python_tag|>"],
    "qwen3_coder": ["<tool_call>", "</tool_call>"],
    "ollama_json": [],
}

CHUNK_LENGTHS = (2, 3, 3, 4, 4, 5)  # mean 3.5 characters

WORDS = (
    "the a model server stream token parser call tool function argument value "
    "latency request response buffer delta chunk client JSON schema field "
    "result quickly carefully because however therefore while when after before "
    "network cache queue thread worker batch decode encode string object array "
    "number boolean null weather Paris Tokyo file system path configuration"
).split()

# The tools every stream may call (what the peers' harness declares).
TOOLS = [
    {"type": "function", "function": {
        "name": "write_file", "description": "Write a text file.",
        "parameters": {"type": "object",
                       "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
                       "required": ["path", "content"]}}},
    {"type": "function", "function": {
        "name": "get_weather", "description": "Weather forecast for a city.",
        "parameters": {"type": "object",
                       "properties": {"city": {"type": "string"},
                                      "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                                      "days": {"type": "integer"}},
                       "required": ["city"]}}},
]


# --------------------------------------------------------------------------- text pieces
def prose(rng: random.Random, n_chars: int) -> str:
    """Deterministic English-like prose with punctuation, unicode and paragraphs."""
    out, size = [], 0
    sentence_no = 0
    while size < n_chars:
        n = rng.randint(6, 18)
        words = [rng.choice(WORDS) for _ in range(n)]
        words[0] = words[0].capitalize()
        if sentence_no % 7 == 3:
            words.insert(rng.randint(1, n - 1), "naïve café — “quoted” ✓")
        if sentence_no % 11 == 5:
            words.insert(rng.randint(1, n - 1), "`x = {\"k\": [1, 2]}`")
        s = " ".join(words) + rng.choice((". ", ". ", "! ", "? ", ": ", "; "))
        if sentence_no % 6 == 5:
            s += "\n\n"
        out.append(s)
        size += len(s)
        sentence_no += 1
    return "".join(out)[:n_chars].rstrip() + "."


FILE_LINES = [
    'def greet(name: str) -> str:',
    '    return f"Héllo, {name}! — ünïcödé ✓"',
    '    path = "C:\\\\Users\\\\dev\\\\project\\\\data.txt"',
    "    pattern = r'\\d+\\.\\d+\\s*(?:ms|µs)'",
    '    msg = "She said \\"hi\\" and left"',
    '# 日本語のコメント 🚀 and emoji 😀',
    '\tif x < 10 and y > 3:\t# tab-indented',
    '\t\tprint("line one\\nline two")',
    '    config = {"retries": 3, "hosts": ["a", "b"], "nested": {"k": null}}',
    '    items = [i * 2 for i in range(10) if i % 3]',
    '    text = """triple \'quoted\' "block" """',
    '    windows_newline = "\\r\\n"  # CRLF',
    '',
    'class Παράδειγμα:  # Greek identifier',
    '    """Docstring with a backslash \\\\ and a quote \\"."""',
]


def file_contents(rng: random.Random, arg_target: int) -> str:
    """File contents whose JSON encoding (inside the arguments object) is ~arg_target chars."""
    lines, enc = [], 0
    budget = arg_target - 40  # room for {"path": "...", "content": ""}
    while True:
        line = rng.choice(FILE_LINES)
        if rng.random() < 0.2:
            line += "  # " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 8)))
        cost = len(json.dumps(line + "\n", ensure_ascii=False)) - 2
        if enc + cost > budget:
            break
        lines.append(line)
        enc += cost
    return "\n".join(lines) + "\n"


def call_json(name: str, args: dict, fmt: str) -> str:
    key = "parameters" if fmt == "llama3_json" else "arguments"
    return json.dumps({"name": name, key: args}, ensure_ascii=False)


def xml_call(name: str, args: dict) -> str:
    """Qwen3-Coder's call body (between <tool_call> and </tool_call>)."""
    params = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in args.items())
    return f"\n<function={name}>\n{params}</function>\n"


def render(fmt: str, pre: str, calls: list) -> list:
    """Return the stream as a list of segments: ("text", s) or ("special", s)."""
    segs = []
    if fmt in ("hermes", "qwen3_coder"):
        if pre:
            segs.append(("text", pre + "\n\n"))
        for i, (name, args) in enumerate(calls):
            if i:
                segs.append(("text", "\n"))
            segs.append(("special", "<tool_call>"))
            body = xml_call(name, args) if fmt == "qwen3_coder" else "\n" + call_json(name, args, fmt) + "\n"
            segs.append(("text", body))
            segs.append(("special", "</tool_call>"))
    elif fmt == "mistral":
        if pre:
            segs.append(("text", pre + "\n\n"))
        if calls:
            segs.append(("special", "[TOOL_CALLS]"))
            body = ", ".join(call_json(n, a, fmt) for n, a in calls)
            segs.append(("text", " [" + body + "]"))
    elif fmt == "llama3_json":
        # Llama 3.x JSON tool calls are the whole message (vLLM's llama3_json
        # only recognises output that *starts* with <|python_tag|> or "{").
        if pre:
            segs.append(("text", pre))
        if calls:
            segs.append(("special", "<|python_tag|>"))
            segs.append(("text", "; ".join(call_json(n, a, fmt) for n, a in calls)))
    elif fmt == "ollama_json":
        # JSON mode: the reply is the call object alone (litellm's prompt asks for one call)
        segs.append(("text", call_json(*calls[0], fmt) if calls else pre))
    else:
        raise ValueError(fmt)
    return segs


def chunk(segs: list, markers: str, rng: random.Random) -> list:
    chunks = []
    for kind, s in segs:
        if kind == "special" and markers == "atomic":
            chunks.append(s)
            continue
        if kind == "special":  # split mode: force a cut strictly inside the marker
            cut = rng.randint(1, len(s) - 1)
            for p in (s[:cut], s[cut:]):
                chunks.extend(_cut(p, rng))
            continue
        chunks.extend(_cut(s, rng))
    return chunks


def _cut(s: str, rng: random.Random) -> list:
    out, i = [], 0
    while i < len(s):
        n = rng.choice(CHUNK_LENGTHS)
        out.append(s[i:i + n])
        i += n
    return out


def cut_text(text: str, seed: str) -> list:
    """Token-sized chunks of any text, deterministic for a seed string."""
    return _cut(text, random.Random(zlib.crc32(seed.encode())))


def weather_calls(rng: random.Random, n: int) -> list:
    cities = ["Paris", "Tokyo", "São Paulo", "Zürich", "New York", "Kraków", "Reykjavík", "Cairo"]
    return [
        ("get_weather", {"city": cities[i % len(cities)],
                         "unit": rng.choice(["celsius", "fahrenheit"]),
                         "days": rng.randint(1, 7)})
        for i in range(n)
    ]


def literal_prose(fmt: str, rng: random.Random) -> str:
    marker = {"hermes": "`<tool_call>`", "mistral": "`[TOOL_CALLS]`",
              "llama3_json": "`<|python_tag|>`"}[fmt]
    closing = " and closes it with `</tool_call>`" if fmt == "hermes" else ""
    return (
        prose(rng, 600)
        + f"\n\nTo request a tool, the model writes {marker} followed by a JSON object"
        + closing + ", for example "
        + '`{"name": "get_weather", "arguments": {"city": "Paris"}}`. '
        + "The server must not treat this explanation as a real call.\n\n"
        + prose(rng, 600)
    )


# --------------------------------------------------------------------------- the stream sets
# Sizes of the peer cases at scale 1 (the peers' figures are for exactly these).
CALL_SIZES = (("call_1k", 1024), ("call_10k", 10 * 1024), ("call_100k", 100 * 1024))


def _k(n: int) -> int:
    return max(64, int(n))


def cases_for(fmt: str, scale: float = 1.0):
    """Yield (case, pre_text, calls) of one JSON family, as the peers' harness does."""
    rng = random.Random(zlib.crc32(fmt.encode()))
    yield "prose_10k", prose(rng, _k(10 * 1024 * scale)), []
    pre = "" if fmt == "llama3_json" else prose(rng, _k(300 * min(1.0, scale * 4)))
    for label, size in CALL_SIZES:
        args = {"path": "src/example_module.py", "content": file_contents(rng, _k(size * scale))}
        yield label, pre, [("write_file", args)]
    yield "parallel_8", pre, weather_calls(rng, 8)
    yield "literal_marker", literal_prose(fmt, rng), []


def xml_cases(scale: float = 1.0):
    """Qwen3-Coder XML calls with a 1 KB / 100 KB string value, after a little prose."""
    rng = random.Random(zlib.crc32(b"qwen3_coder"))
    pre = prose(rng, _k(300 * min(1.0, scale * 4)))
    for label, size in (("call_1k", 1024), ("call_100k", 100 * 1024)):
        # No leading/trailing newline in the value: the format trims one newline on each side.
        content = file_contents(rng, _k(size * scale)).strip("\n")
        yield label, pre, [("write_file", {"path": "src/example_module.py", "content": content})]


def build(fmt: str, case: str, pre: str, calls: list, markers: str, text: str | None = None) -> dict:
    """One stream; `text`, when given, is the reply as written (else rendered from pre and calls)."""
    segs = [("text", text)] if text is not None else render(fmt, pre, calls)
    rng = random.Random(zlib.crc32(f"{fmt}/{case}/{markers}".encode()))
    chunks = chunk(segs, markers, rng)
    text = "".join(s for _, s in segs)
    assert "".join(chunks) == text
    return {
        "id": f"{fmt}/{case}/{markers}",
        "format": fmt,
        "case": case,
        "markers": markers,
        "special_tokens": SPECIAL_TOKENS[fmt],
        "chunks": chunks,
        "expected": {
            "content": pre,
            "tool_calls": [{"name": n, "arguments": a} for n, a in calls],
        },
        "stats": {
            "chars": len(text),
            "utf8_bytes": len(text.encode("utf-8")),
            "n_chunks": len(chunks),
            "args_chars": sum(len(json.dumps(a, ensure_ascii=False)) for _, a in calls),
        },
    }


def peer_streams(scale: float = 1.0) -> list[dict]:
    """The 33 streams of the peers' harness (identical to the harness's own at scale 1)."""
    out = []
    for fmt in FORMATS:
        for case, pre, calls in cases_for(fmt, scale):
            modes = ("split",) if case == "prose_10k" else ("split", "atomic")
            for markers in modes:
                out.append(build(fmt, case, pre, calls, markers))
    return out


def xml_streams(scale: float = 1.0) -> list[dict]:
    return [build("qwen3_coder", case, pre, calls, markers)
            for case, pre, calls in xml_cases(scale) for markers in ("split", "atomic")]


def ollama_streams(scale: float = 1.0) -> list[dict]:
    """Ollama JSON-mode replies (no special tokens: one chunking, `split`)."""
    rng = random.Random(zlib.crc32(b"ollama_json"))
    fmt, out = "ollama_json", []
    out.append(build(fmt, "prose_10k", prose(rng, _k(10 * 1024 * scale)), [], "split"))
    for label, size in CALL_SIZES:
        args = {"path": "src/example_module.py", "content": file_contents(rng, _k(size * scale))}
        out.append(build(fmt, label, "", [("write_file", args)], "split"))
    call = weather_calls(rng, 1)
    out.append(build(fmt, "fenced_call", "", call, "split", "```json\n" + call_json(*call[0], fmt) + "\n```"))
    week = [{"day": d, "high": 18 + d, "sky": "clear"} for d in range(1, 8)]
    answer = json.dumps({"city": "Paris", "forecast": week})   # JSON mode's other use: an answer, no call
    out.append(build(fmt, "json_answer", answer, [], "split"))
    return out


def big_prose(n_chars: int, seed: str = "big_prose") -> str:
    return prose(random.Random(zlib.crc32(seed.encode())), n_chars)


def dense_calls(n_chars: int, seed: str = "dense") -> tuple[str, list]:
    """Text dense with calls: short prose, then a Hermes call, over and over. Returns (text, calls)."""
    rng = random.Random(zlib.crc32(seed.encode()))
    parts, size, n, calls = [], 0, 0, []
    while size < n_chars:
        p = prose(rng, rng.randint(60, 200)) + "\n"
        name, args = weather_calls(rng, 1)[0] if n % 2 else (
            "write_file", {"path": f"src/m{n}.py", "content": file_contents(rng, rng.randint(120, 400))})
        c = "<tool_call>\n" + call_json(name, args, "hermes") + "\n</tool_call>\n"
        parts += (p, c)
        calls.append({"name": name, "arguments": args})
        size += len(p) + len(c)
        n += 1
    return "".join(parts), calls


def proxy_stream(n_chunks: int, seed: str = "proxy") -> dict:
    """About `n_chunks` chunks: a paragraph of prose, then one Hermes call that takes the rest."""
    rng = random.Random(zlib.crc32(seed.encode()))
    pre = prose(rng, min(600, max(40, n_chunks)))
    size = max(80, int(n_chunks * 3.5) - len(pre) - 40)
    args = {"path": "src/example_module.py", "content": file_contents(rng, size)}
    rec = build("hermes", f"proxy_{n_chunks}", pre, [("write_file", args)], "atomic")
    rec["id"] = f"proxy/{n_chunks}"
    return rec


def write_jsonl(path: str, streams: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for rec in streams:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")


if __name__ == "__main__":  # python -m bench.streams OUT.jsonl: the peers' stream file
    import sys
    out = sys.argv[1] if len(sys.argv) > 1 else "streams.jsonl"
    write_jsonl(out, peer_streams())
    print(f"wrote {out}")


# -- formats derived from a chat template (callsieve.templates.derive), beside the hand-written ones
# Three small templates in the style of the Hermes, Qwen3-Coder and Mistral ones (written here, not
# copied): the formats derived from them read the same streams as tool_call_tag, qwen3_coder and
# mistral (JSON tags, key/value tags, a section of JSON call objects).
DERIVED_TEMPLATES = {
    "hermes": """{%- for m in messages -%}<|im_start|>{{ m.role }}
{{ m.content }}{%- for c in m.tool_calls or [] %}<tool_call>
{{ {"name": c.function.name, "arguments": c.function.arguments} | tojson }}
</tool_call>{% endfor %}<|im_end|>
{% endfor -%}{%- if add_generation_prompt -%}<|im_start|>assistant
{% endif -%}""",
    "qwen3_coder": """{%- for m in messages -%}<|im_start|>{{ m.role }}
{{ m.content }}{%- for c in m.tool_calls or [] %}<tool_call>
<function={{ c.function.name }}>
{% for k, v in c.function.arguments.items() %}<parameter={{ k }}>
{{ v }}
</parameter>
{% endfor %}</function>
</tool_call>{% endfor %}<|im_end|>
{% endfor -%}{%- if add_generation_prompt -%}<|im_start|>assistant
{% endif -%}""",
    "mistral": """{%- for m in messages -%}{%- if m.role == 'user' -%}[INST]{{ m.content }}[/INST]
{%- elif m.role == 'assistant' -%}{{ m.content }}{%- if m.tool_calls -%}[TOOL_CALLS] [
{%- for c in m.tool_calls -%}{{ {"name": c.function.name, "arguments": c.function.arguments} | tojson }}
{%- if not loop.last %}, {% endif -%}{%- endfor -%}]{%- endif -%}</s>
{%- endif -%}{%- endfor -%}""",
}


def derived_formats() -> dict:
    """{stream family: the format derived from its template}; {} without jinja2."""
    try:
        from callsieve.templates.derive import derived_format
        from callsieve.templates.render import available
    except ImportError:
        return {}
    if not available():
        return {}
    return {fam: f for fam, t in DERIVED_TEMPLATES.items() if (f := derived_format(t)) is not None}
