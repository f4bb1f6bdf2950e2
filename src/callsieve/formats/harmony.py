"""gpt-oss harmony (docs/syntax.md#harmony): channels for reasoning, preamble, answer and calls.

    <|channel|>analysis<|message|>Count it first.<|end|>                      → reasoning
    <|start|>assistant<|channel|>commentary to=functions.count_words <|constrain|>json<|message|>{"path": "notes.md"}<|call|>
                                                                              → call count_words
    <|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>{…}<|call|>  (recipient first)
    <|channel|>commentary<|message|>Checking.<|end|>                          → content (preamble)
    <|channel|>final<|message|>It is 42.<|return|>                           → content

One block runs from a header through every message that follows it.  Prose inside it goes out
as it is written, as reasoning (analysis) or content (final, preamble): formats.Prose.

Decisions:
- `<|start|>` followed by a channel word (`<|start|>analysis<|message|>`, `<|start|>commentary
  to=functions.f<|channel|>commentary …`): the role was left out; the message is the assistant's.
- Built-in tools (` to=python`, ` to=browser.search`, ` to=container.exec`: any recipient not
  under `functions.`) are not function calls, and their messages are not content either (they
  are addressed to a tool): each is reported whole, markers included, as a
  `ToolCallError(index=None, raw=…)`, so a client that runs gpt-oss built-ins still has it.
  A tool's reply the model made up (`<|start|>functions.f to=assistant<|channel|>commentary
  <|message|>…<|end|>`: from `functions.*`, or from any role but user / system / developer to the
  assistant) is markup up to its end token, never content (docs/guarantees.md).  Messages from
  the prompt's roles, calls to undeclared tools (strict mode with tools) and a header that does
  not parse end the block: they go out as text.
- Without `<|constrain|>json` the payload may not be JSON: a JSON object streams as usual; any
  other payload ends the call with `{}` and a ToolCallError holding the payload.  Text after the
  JSON and before `<|call|>` is reported the same way.
- Special tokens stripped by the server: what is left is recognised only when the output starts
  with a bare channel word fused to the text (`analysisWe need…`, `commentary to=functions.f
  json{…}`, `finalThe answer…`): a lowercase channel word glued to a capital letter, or followed
  by ` to=`, is not prose.  Inside such a block the messages are told apart by the fused words
  `assistantanalysis`, `assistantcommentary`, `assistantfinal`, `assistant to=` (the channel
  word fused to a recipient, `to=functions.NAMEcommentary`, is split off).  Elsewhere a stripped
  header is ambiguous with prose and stays content.
- `to=functions.NAMEjson` (no space before the payload type): the type word is split off when
  NAME is a declared tool and NAMEjson is not.
- Spaced tokens (LLM-jp-4.1's tokenizer writes a space after every special token, as llama.cpp's
  llm-jp-harmony parser reads it): blanks around a header's words are layout, and one space after
  `<|message|>` is the token's, not the text's.  A suffixed channel word (`analysis_2`) is its channel.
- A header that went wrong (`<|channel|>commentary?<|end|>`, gpt-oss-20b, llama.cpp#27720) and
  that an end token closes within 200 characters, before any message, is reported whole, not content.
- A harmony header in another wrapper (`<tool_call>assistant to=functions.NAME json\n{…}`) is
  the parts table's `Addressee` body (formats/_json_bodies.py), read by formats/wrapped.py.

A family of known parts, declared with no code (formats/_harmony.py): the Channels body, its
tokens harmony's, opened by its channel and start tokens anywhere and, as the first thing in
the content, by a fused channel word or a recipient (`start_bodies`).  A block given back as
text runs to `<|call|>` (each opener's closer); the family has no one closer.
"""
from ._harmony import RECIPIENT, Channels
from ._parts import Family

CHANNELS = Channels()
HEADERS = (CHANNELS.channel, CHANNELS.start)
STRIPPED = CHANNELS.channels + (RECIPIENT,)    # stripped special tokens: a fused channel word, a recipient first

HARMONY = Family(
    "harmony", (), CHANNELS, closer=dict.fromkeys(HEADERS + STRIPPED, "<|call|>"),
    bodies=dict.fromkeys(HEADERS, CHANNELS), start_bodies=dict.fromkeys(STRIPPED, CHANNELS),
    aliases=("gpt-oss", "gptoss", "openai_harmony"),
    description="gpt-oss harmony channels (analysis / commentary to=functions.NAME / final)",
    models=("gpt-oss*",), specials=("<|message|>", "<|constrain|>"), ends=CHANNELS.ends, priority=10,
    example=('<|channel|>analysis<|message|>Count it first.<|end|><|start|>assistant<|channel|>commentary '
             'to=functions.count_words <|constrain|>json<|message|>{"path": "notes.md"}<|call|>'))
