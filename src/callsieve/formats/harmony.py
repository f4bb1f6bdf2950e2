"""gpt-oss harmony (docs/syntax.md#harmony): channels for reasoning, preamble, answer and calls.

    <|channel|>analysis<|message|>Count it first.<|end|>                      → reasoning
    <|start|>assistant<|channel|>commentary to=functions.count_words <|constrain|>json<|message|>{"path": "notes.md"}<|call|>
                                                                              → call count_words
    <|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>{…}<|call|>  (recipient first)
    <|channel|>commentary<|message|>Checking.<|end|>                          → content (preamble)
    <|channel|>final<|message|>It is 42.<|return|>                           → content

One block runs from a header through every message that follows it.  Prose inside it goes out
as it is written, through `ctx.reasoning` (analysis) and `ctx.content` (final, preamble).

Decisions:
- `<|start|>` followed by a channel word (`<|start|>analysis<|message|>`, `<|start|>commentary
  to=functions.f<|channel|>commentary …`): the role was left out; the message is the assistant's.
- Built-in tools (` to=python`, ` to=browser.search`, ` to=container.exec`: any recipient not
  under `functions.`) are not function calls, and their messages are not content either (they
  are addressed to a tool): each is reported whole, markers included, as a
  `ToolCallError(index=None, raw=…)`, so a client that runs gpt-oss built-ins still has it.
  Messages from another role (a hallucinated tool reply), calls to undeclared tools (strict
  mode with tools) and a header that does not parse end the block: they go out as text.
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
"""
from __future__ import annotations

import json
import re

from . import MAYBE, NO, YES, Context, Format, Verdict, declared
from ..events import ToolCallError
from ..jsonargs import value
from ..reader import Bad, Reject, Truncated, avoiding, more, peek, startswith, token
from ..scan import Matcher
from ._xml import Dialect
from ._xml import call as xml_call
from .qwen3_coder import FUNCTION, PARAMETER

START, CHANNEL, MESSAGE, CONSTRAIN = "<|start|>", "<|channel|>", "<|message|>", "<|constrain|>"
ENDS = ("<|end|>", "<|return|>", "<|call|>")
CHANNELS = ("analysis", "commentary", "final")
FUNCTIONS = "functions."
# What is left between messages when a server strips the special tokens.
FUSED = ("assistantanalysis", "assistantcommentary", "assistantfinal", "assistant to=")


_TOKEN_STOPS = Matcher(ENDS + (START, CHANNEL))     # literal markers that end a call's payload
# A message of prose ends only at its end token: `<|call|>` or `<|channel|>final` written inside
# an analysis are the model's words (tokens of text), not markup.
_PROSE_STOPS = Matcher(("<|end|>", "<|return|>"))
_FUSED_STOPS = Matcher(FUSED)
# An XML payload: parameter tags up to the message's end token (the call's end).
_XML_PAYLOAD = Dialect(call=FUNCTION, call_close=(), param=PARAMETER, value_close=("</parameter>",),
                       block_close=ENDS + (START, CHANNEL), trim_nl=True)
_WORD = re.compile(r"[\w.\-:/]+")
_TYPES = ("json", "code")          # a payload type written without <|constrain|>
# The prompt ended with `<|start|>assistant`, and the model put the recipient in the role header:
# the output starts ` to=functions.NAME` and the header's next token (or a bare type word).
RECIPIENT = "to="
_RECIPIENT_HEADER = re.compile(r"functions\.[\w.\-:/]+\s*(?:<\|(?:channel|constrain|message)\|>|(?:json|code)\b)")
_RECIPIENT_WORD = re.compile(r"functions\.[\w.\-:/]*\s*")
_AFTER_RECIPIENT = (CHANNEL, CONSTRAIN, MESSAGE) + _TYPES
_HEAD_WORDS = 8


def stream_until(r, stops: Matcher, emit):
    """Pass text to `emit` as it comes, up to and through the first of the `stops` markers.

    Returns the marker, or None at end of stream (after the rest went to `emit`).  Only a tail
    that could start a marker is held back; nothing is searched twice.  `emit` is called right
    after its text is consumed (the Sieve's markup audit counts on it).
    """
    while True:
        buf = r.buf
        m = stops.search(buf, r.pos)
        if m is not None:
            start = r.pos
            r.pos = m.start()
            if r.pos > start:
                emit(buf[start:r.pos])
            r.pos = m.end()
            return m.group()
        cut = stops.partial(buf, r.pos)
        if cut < 0:
            cut = len(buf)
        if cut > r.pos:
            start, r.pos = r.pos, cut
            emit(buf[start:cut])
        lane = avoiding(stops.chars, emit) if r.pos >= len(buf) else None
        if not (yield from more(r, lane)):
            if r.pos < len(r.buf):
                start, r.pos = r.pos, len(r.buf)
                emit(r.buf[start:])
            return None


def _prefix_of(look: str, words, eof: bool) -> Verdict:
    """YES if `look` starts with one of `words` as a whole word, MAYBE if it may still, else NO.
    A word that ends the look is whole only at the end of the stream: the next character may
    make it another word (`analysise`), and the choice must not depend on where a chunk ends."""
    for w in words:
        if look.startswith(w):
            if len(look) == len(w):
                return YES if eof else MAYBE
            if not (look[len(w)].isalnum() or look[len(w)] == "_"):
                return YES
    return MAYBE if any(w.startswith(look) for w in words) else NO


def _recipient_ahead(look: str) -> Verdict:
    """After a leading `to=`: YES for `functions.NAME` and then a header token, MAYBE while
    that may still come."""
    if _RECIPIENT_HEADER.match(look):
        return YES
    if FUNCTIONS.startswith(look):
        return MAYBE
    m = _RECIPIENT_WORD.match(look)
    if m is None:
        return NO
    rest = look[m.end():]
    return MAYBE if any(t.startswith(rest) for t in _AFTER_RECIPIENT) else NO


class Harmony(Format):
    name = "harmony"
    syntax = "literal"
    aliases = ("gpt-oss", "gptoss", "openai_harmony")
    description = "gpt-oss harmony channels (analysis / commentary to=functions.NAME / final)"
    openers = (CHANNEL, START)
    # Stripped special tokens: a fused channel word opens the output; and a recipient first.
    start_openers = CHANNELS + (RECIPIENT,)
    closer = None
    models = ("gpt-oss*",)
    specials = ("<|message|>", "<|constrain|>")
    ends = ("<|end|>", "<|return|>", "<|call|>")
    priority = 10
    example = ('<|channel|>analysis<|message|>Count it first.<|end|><|start|>assistant<|channel|>commentary '
               'to=functions.count_words <|constrain|>json<|message|>{"path": "notes.md"}<|call|>')

    def closer_for(self, opener):
        return "<|call|>"

    def decide(self, opener, look, eof, ctx):
        if opener == CHANNEL:
            v = _prefix_of(look, CHANNELS, eof)
        elif opener == START:
            v = _prefix_of(look, ("assistant",) + CHANNELS, eof)
        elif opener == RECIPIENT:
            v = _recipient_ahead(look)
        elif not look:
            v = MAYBE
        elif look[0].isupper() and look[0].isalpha():
            v = YES                       # `analysisWe need…`: no prose glues a capital to it
        else:
            v = YES if look.startswith(" to=") else MAYBE if " to=".startswith(look) else NO
        return NO if v == MAYBE and eof else v

    def parse(self, r, ctx, opener):
        fused = opener in CHANNELS
        lead = opener
        if opener == RECIPIENT:              # the role header's `<|start|>assistant` was the prompt's
            r.push_front(opener)
            head: dict[str, str | None] = {"role": "assistant"}
        else:
            head = {"channel": opener} if fused else {"role" if opener == START else "channel": None}
        first = True
        while True:
            at = r.at
            try:
                fused, ended = yield from _read_header(r, ctx, head, fused)
                to, builtin, name = _recipient(ctx, head)
            except (Bad, Reject) as e:
                _header_failed(r, ctx, e, first, at - len(lead))
                return
            stops = _FUSED_STOPS if fused else _TOKEN_STOPS
            if ended is not None:
                term = ended                 # a header that ended with no message: markup
            elif builtin:
                raw = "" if not first or opener == RECIPIENT else opener
                term = yield from _builtin(r, ctx, to, stops, raw, at if first else at - len(lead), fused)
            elif to:
                term = yield from _call(r, ctx, name, stops)
            else:
                sink = ctx.reasoning if head.get("channel") == "analysis" else ctx.content
                term = yield from stream_until(r, _FUSED_STOPS if fused else _PROSE_STOPS, sink)
            first = False
            lead = yield from _next_lead(r, term, fused)
            if lead is None:
                return
            head = _next_head(lead, fused)


def _read_header(r, ctx: Context, head: dict, fused: bool):
    """A message's header into `head`: (still fused, the end token of a header with no message)."""
    ended = None
    if fused:
        if (yield from _fused_header(r, ctx, head)):
            fused = False         # only <|channel|> was left out: the tokens are there
    else:
        ended = yield from _header(r, head)
    role = head.get("role")
    if role in CHANNELS:
        # The channel word in the role slot (`<|start|>analysis<|message|>…`, transformers' docs):
        # the assistant's message on that channel, its role left out.
        head["role"] = "assistant"
        if not head.get("channel"):
            head["channel"] = role
    if head.get("role") not in (None, "assistant"):
        raise Reject(f"a message from {head.get('role')}: not the assistant's")
    return fused, ended


def _recipient(ctx: Context, head: dict):
    """(recipient, is it a built-in tool, the function's name if it is a function call)."""
    to = _unglued(ctx, head.get("to") or "")
    if to == "assistant":
        # Addressed to the assistant itself (gpt-oss-20b writes a stray `commentary to=assistant`
        # before the real channel, vllm-project/vllm#58825): no recipient, the channel decides.
        to = ""
    # A recipient outside functions. is a built-in tool, unless it is a declared
    # tool's own name (`to=math.sum` with a tool `math.sum`).
    direct = declared(ctx, to)
    builtin = bool(to) and not to.startswith(FUNCTIONS) and not direct
    name = ctx.check(to if direct else to[len(FUNCTIONS):]) if to and not builtin else None
    return to, builtin, name


def _unglued(ctx: Context, to: str) -> str:
    """`functions.shelljson`: the payload type glued to a declared tool's name (no space before
    `json`) is split off; only when the glued name is undeclared and the bare one declared."""
    for t in _TYPES:
        base = to[: -len(t)]
        if to.endswith(t) and base.startswith(FUNCTIONS) and _declared_only(ctx, base, to):
            return base
    return to


def _header_failed(r, ctx: Context, e: Exception, first: bool, lead_at: int) -> None:
    """A header that is not read (`e`): the block ends before it (raises for the block's first)."""
    if isinstance(e, Truncated):
        if first:
            raise e                  # the Sieve reports a block cut before its message
        # A header the end of the stream cut: markup that never became a message.
        ctx.push(ToolCallError(None, "cut off by the end of the stream in a harmony header",
                               r.text(max(lead_at, r.start))))    # (see below)
        r.pos = len(r.buf)
        return
    if first:
        raise Reject(f"not a function call or harmony message: {e}") from None
    # Not ours to read (an undeclared tool, another role, a broken header): the block
    # ends before this message, which goes out as text.  After a call its lead token may be
    # gone already (a streamed call's text is not kept: Reader.forget): it stays markup then,
    # whatever the chunking.
    r.rewind(max(lead_at, r.start))


def _builtin(r, ctx: Context, to: str, stops, raw: str, start: int, fused: bool):
    """A message to a built-in tool (python, browser.*, container.exec): no function call and no
    content, reported whole (after `raw`, from `start`), so a client that runs built-ins has it."""
    term = yield from stream_until(r, stops, lambda _: None)
    end = r.at - (len(term) if term in (START, CHANNEL) or fused and term else 0)
    ctx.push(ToolCallError(None, f"a message to {to}, a built-in tool: not a function call", raw + r.text(start, end)))
    return term


def _next_lead(r, term, fused: bool):
    """After a message that ended at `term`: the token that opens the next one, or None (the
    block ends)."""
    if fused or term in (START, CHANNEL):
        return term
    if not (yield from peek(r)):
        return None
    if (yield from startswith(r, START)):
        return START
    if (yield from startswith(r, CHANNEL)):
        return CHANNEL
    return None


def _next_head(lead: str, fused: bool) -> dict:
    """What the header opened by `lead` has yet to say."""
    if fused:
        return {"role": "assistant", "to": ""} if lead.endswith("to=") else {"channel": lead[len("assistant"):]}
    return {"role" if lead == START else "channel": None}


def _header(r, head: dict):
    """Header items up to and through <|message|>: the first word (role or channel, as `head`
    expects), then `<|channel|>C`, ` to=R`, `<|constrain|>T` or a bare type word, in any order.
    Returns None, or the end token that closed a header with no message (`<|channel|>final<|end|>`)."""
    for _ in range(_HEAD_WORDS):
        c = yield from peek(r)
        if not c:
            raise Truncated("cut off in a header")
        field = None
        if c == "<":
            if (yield from startswith(r, MESSAGE)):
                return None
            for end in ENDS:
                if any(head.values()) and (yield from startswith(r, end)):
                    return end
            if (yield from startswith(r, CHANNEL)):
                field = "channel"
            elif (yield from startswith(r, CONSTRAIN)):
                field = "constrain"
            else:
                raise Bad("unexpected token in a header")
        elif (yield from startswith(r, "to=")):
            field = "to"
        m = yield from token(r, _WORD, 256)
        if m is None:
            raise Truncated("cut off in a header") if r.eof and r.pos >= len(r.buf) else Bad("not a header")
        if field is None:
            field = next((k for k, v in head.items() if v is None), None)
            if field is None:
                if m.group() not in _TYPES:
                    raise Bad(f"not a header word: {m.group()[:20]!r}")
                field = "constrain"
        head[field] = m.group()
    raise Bad("header too long")


def _fused_header(r, ctx: Context, head: dict):
    """After a fused channel word (stripped tokens): optional ` to=RECIPIENT` and ` json`.
    True when the header's tokens follow after all (`commentary to=functions.f<|message|>`: only
    `<|channel|>` was left out); they are read too."""
    if "to" not in head and (yield from startswith(r, " to=")):
        head["to"] = ""
    if "to" not in head:
        return
    m = yield from token(r, _WORD, 256)
    if m is None:
        raise Truncated("cut off in a header") if r.eof else Bad("no recipient")
    to = m.group()
    if "channel" not in head:
        # `assistant to=functions.NAMEcommentary json{…}`: the channel word is fused to the name
        for ch in CHANNELS:
            base = to[: -len(ch)]
            if to.endswith(ch) and len(base) > len(FUNCTIONS) and not _declared_only(ctx, to, base):
                to, head["channel"] = base, ch
                break
    head["to"] = to
    c = yield from peek(r)
    for t in _TYPES:
        if c == t[0] and (yield from startswith(r, t)):
            break
    if (yield from peek(r)) == "<" and ((yield from startswith(r, MESSAGE, consume=False))
                                        or (yield from startswith(r, CONSTRAIN, consume=False))):
        if (yield from _header(r, head)) is not None:
            raise Bad("no message after the header")
        return True
    return False


def _declared_only(ctx: Context, to: str, base: str) -> bool:
    """Is the unsplit name a declared tool and the split one not?"""
    n, b = to[len(FUNCTIONS):], base[len(FUNCTIONS):]
    return declared(ctx, n) and not declared(ctx, b)


def _call(r, ctx: Context, name: str, stops):
    """A message to functions.NAME: its JSON payload streams as the call's arguments (or its
    `<parameter=K>V</parameter>` tags, a payload some models write in XML)."""
    c = yield from peek(r)
    if c == "<" and stops is _TOKEN_STOPS and ((yield from startswith(r, "<parameter=", consume=False))
                                               or (yield from startswith(r, "<parameter name=", consume=False))):
        yield from xml_call(r, ctx, _XML_PAYLOAD, name)
        return (yield from stream_until(r, stops, lambda junk: None))
    a = ctx.start(name)
    if c != "{":
        payload: list[str] = []
        term = yield from stream_until(r, stops, payload.append)
        text = "".join(payload)
        try:
            obj = json.loads(text)
        except ValueError:
            obj = None
        if isinstance(obj, dict):
            a.value(obj)
            ctx.end()
        else:
            ctx.fail("the payload is not a JSON object", text)
        return term
    try:
        yield from value(r, a)
    except Truncated:
        raise                          # end of stream: the Sieve recovers the open call
    except Bad as e:
        rest: list[str] = []
        term = yield from stream_until(r, stops, rest.append)
        ctx.fail(str(e), "".join(rest))
        return term
    if stops is _FUSED_STOPS:          # no end marker left: the call ends with its JSON
        ctx.end()
        return (yield from _next_fused(r))
    rest = []
    term = yield from stream_until(r, stops, rest.append)
    junk = "".join(rest)
    if junk.strip():
        ctx.fail("text after the arguments", junk)
    else:
        ctx.end()
    return term


def _next_fused(r):
    """After a call whose end marker was stripped: the next fused header, if one follows."""
    yield from peek(r)
    for t in FUSED:
        if (yield from startswith(r, t)):
            return t
    return None
