"""Harmony's channels as a body: messages with a header (role, channel, recipient, payload type),
each up to an end token (docs/architecture.md#parts; the rules: formats/harmony.py).

`Channels` reads a turn of such messages from a header token on: prose goes out as it is
written (yielded as formats.Prose: reasoning for the thinking channel, content else), a message
addressed under `functions` is a call (JSON arguments, or `<parameter=K>` tags), one to another
recipient a built-in tool's (reported whole, never content).  Every token is an option, so
harmony in another namespace is a declaration: `Channels(start="<|x:start|>", …)`.
"""
from __future__ import annotations

import json
import re

from . import MAYBE, NO, YES, Context, Prose, Verdict, declared
from ._channels import stream_until
from ._json import object_reader
from ._parts import FUNCTION, PARAMETER, Body
from ._xml import Dialect
from ._xml import call as xml_call
from ..events import ToolCallError
from ..reader import Bad, Reject, Truncated, more, peek, startswith, token
from ..scan import Matcher

_WORD = re.compile(r"[\w.\-:/]+")
_TO = re.compile(r"t(?:o(?:[ \t]*=?)?)?")      # (every prefix of `to=`, spaced or not: for `token`)
_HEAD_WORDS = 8
_PROMPT_ROLES = ("user", "system", "developer")
_BROKEN = 200           # how far a broken header may run before its end token (< LOOK_MAX)
RECIPIENT = "to="


def _prefix_of(look: str, words, eof: bool) -> Verdict:
    """YES if `look` starts with one of `words` as a whole word, MAYBE if it may still, else NO.
    A word that ends the look is whole only at the end of the stream: the next character may
    make it another word (`analysise`), and the choice must not depend on where a chunk ends."""
    for w in words:
        if look.startswith(w):
            if len(look) == len(w):
                return YES if eof else MAYBE
            if not look[len(w)].isalnum():
                return YES                  # (`final_answer`, `analysis-2`: a suffixed channel word)
    return MAYBE if any(w.startswith(look) for w in words) else NO


class Channels(Body):
    """Harmony's messages, spelled by its tokens: `start` (then the role), `channel` (then the
    channel word: `channels` are thinking, preamble-or-call, answer), ` to=` a recipient (a call
    when under `functions`), `constrain` (or a bare `types` word) the payload type, `message`
    the payload, one of `ends` its end.  `role` is the assistant's.  Openers: `channel`,
    `start`, and as the first thing in the content (tokens stripped) a channel word or `to=`."""

    syntax = "literal"

    def __init__(self, start: str = "<|start|>", channel: str = "<|channel|>", message: str = "<|message|>",
                 constrain: str = "<|constrain|>", ends: tuple[str, ...] = ("<|end|>", "<|return|>", "<|call|>"),
                 channels: tuple[str, ...] = ("analysis", "commentary", "final"), role: str = "assistant",
                 functions: str = "functions.", types: tuple[str, ...] = ("json", "code")):
        self.start, self.channel, self.message, self.constrain = start, channel, message, constrain
        self.ends, self.channels, self.role, self.functions, self.types = ends, channels, role, functions, types
        self.thinking = channels[0]
        # What is left between messages when a server strips the special tokens.
        self.fused = tuple(role + c for c in channels) + (role + " to=",)
        self.token_stops = Matcher(ends + (start, channel))     # literal markers that end a call's payload
        # A message of prose ends only at its end token: the call's end token or a channel token
        # written inside a thinking message are the model's words (tokens of text), not markup.
        self.prose_stops = Matcher(tuple(e for e in ends if e != ends[-1]))
        self.fused_stops = Matcher(self.fused)
        # what ends a broken header: the message token (then it was no broken header) or an end token
        self.broken_end = re.compile("|".join(map(re.escape, (message,) + ends)))
        self.longest = max(map(len, (message,) + ends))
        # the tokens a broken header may hold (markup), between its words (reasoning: see _broken)
        self.header_tokens = re.compile("|".join(map(re.escape, sorted({start, channel, constrain}, key=len,
                                                                       reverse=True))))
        # An XML payload: parameter tags up to the message's end token (the call's end).
        self.xml = Dialect(call=FUNCTION, call_close=(), param=PARAMETER, value_close=("</parameter>",),
                           block_close=ends + (start, channel), trim_nl=True)
        # The prompt ended with the role header, and the model put the recipient in it: the
        # output starts ` to=functions.NAME` and the header's next token (or a bare type word).
        fn, tokens, words = re.escape(functions), (channel, constrain, message), "|".join(map(re.escape, types))
        self.recipient_header = re.compile(rf"{fn}[\w.\-:/]+\s*(?:{'|'.join(map(re.escape, tokens))}|(?:{words})\b)")
        self.recipient_word = re.compile(rf"{fn}[\w.\-:/]*\s*")
        # A recipient in another namespace (`to=tools.NAME`, `to=mcp:NAME`) before the channel or
        # constrain token: the declared tool it names (calls.qualified).  Not before the message
        # token alone: ` to=NAME<|message|>` is Muse's header (formats/muse.py).
        self.other_header = re.compile(rf"([\w.\-:/]+)\s*(?:{re.escape(channel)}|{re.escape(constrain)})")
        self.other_word = re.compile(r"[\w.\-:/]+\s*")
        self.after_recipient = tokens + types
        # the first characters of the header's tokens (`<` for harmony's; never "": at the end
        # of the stream peek gives "", which no token starts with)
        self.firsts = tuple(dict.fromkeys(t[0] for t in (channel, constrain, message) + ends))

    # ------------------------------------------------------------------ decide
    def spot(self, look, eof, ctx, strict, ends=()):
        return self.within(self.channel, look, eof, ctx, ends)

    def within(self, opener, look, eof, ctx, ends=()):
        if opener == self.channel:
            # (the role word in the channel slot, `<|channel|>assistant<|message|>`: _read_header)
            v = _prefix_of(look.lstrip(), self.channels + (self.role,), eof)
            if v == NO:
                v = self._broken_ahead(look, eof)
        elif opener == self.start:
            # (a space after a token is the tokenizer's: LLM-jp writes `<|start|> assistant`)
            v = _prefix_of(look.lstrip(), (self.role,) + self.channels, eof)
            if v == NO and look.lstrip().startswith(self.functions):
                v = YES                   # a function's message: a tool result the model made up
        elif opener == RECIPIENT:
            v = self._recipient_ahead(look, ctx)
        elif not look:
            v = MAYBE
        elif look[0].isupper() and look[0].isalpha():
            v = YES                       # `analysisWe need…`: no prose glues a capital to it
        else:
            v = YES if look.startswith(" to=") else MAYBE if " to=".startswith(look) else NO
        return NO if v == MAYBE and eof else v

    def _broken_ahead(self, look: str, eof: bool) -> Verdict:
        """After `<|channel|>` and no channel word: YES for a broken header (`<|channel|>??<|end|>`,
        an end token within `_BROKEN` characters and no message token before it), MAYBE while
        one may still come."""
        m = self.broken_end.search(look, 0, _BROKEN + self.longest)
        if m is not None and m.start() <= _BROKEN:
            return NO if m.group() == self.message else YES
        return MAYBE if not eof and len(look) < _BROKEN + self.longest else NO

    def _recipient_ahead(self, look: str, ctx: Context) -> Verdict:
        """After a leading `to=`: YES for `functions.NAME` and then a header token, or a declared
        tool in another namespace and then the channel or constrain token; MAYBE while that may
        still come."""
        look = look.lstrip(" \t")             # (`to= functions.f`: a blank after `=` is layout)
        if self.recipient_header.match(look):
            return YES
        other = self.other_header.match(look)
        if other is not None and declared(ctx, other.group(1)):
            return YES
        if self.functions.startswith(look):
            return MAYBE
        m = self.recipient_word.match(look) or (self.other_word.match(look) if ctx.tools and other is None else None)
        if m is None:
            return NO
        rest = look[m.end():]
        return MAYBE if any(t.startswith(rest) for t in self.after_recipient) else NO

    # ------------------------------------------------------------------ read
    def read(self, r, ctx, opener, ends, value):
        fused = opener in self.channels
        lead = opener
        if opener == RECIPIENT:              # the role header was the prompt's
            r.push_front(opener)
            head: dict[str, str | None] = {"role": self.role}
        else:
            head = {"channel": opener} if fused else {"role" if opener == self.start else "channel": None}
        first = True
        while True:
            at = r.at
            try:
                fused, ended = yield from self._read_header(r, ctx, head, fused)
                to, builtin, name = self._recipient(ctx, head)
            except (Bad, Reject) as e:
                broken = None
                if type(e) is Bad and not fused:
                    broken = yield from self._broken(r, ctx, at, lead)
                if broken is None:
                    _header_failed(r, ctx, e, first, at - len(lead))
                    return
                ended = broken
            stops = self.fused_stops if fused else self.token_stops
            if ended is not None:
                term = ended                 # a header that ended with no message: markup
            elif head.get("result"):
                # A tool's result the model made up (no tool ran): markup up to its end token,
                # never content, and no call (docs/guarantees.md: a made-up tool result).
                term = yield from stream_until(r, self.prose_stops, lambda _: None)
            elif builtin:
                raw = "" if not first or opener == RECIPIENT else opener
                term = yield from self._builtin(r, ctx, to, stops, raw, at if first else at - len(lead), fused)
            elif to:
                term = yield from self._call(r, ctx, name, stops)
            else:
                term = yield from stream_until(r, self.fused_stops if fused else self.prose_stops,
                                               reasoning=head.get("channel") == self.thinking)
            first = False
            lead = yield from self._next_lead(r, term, fused)
            if lead is None:
                return
            head = self._next_head(lead, fused)

    def _read_header(self, r, ctx: Context, head: dict, fused: bool):
        """A message's header into `head`: (still fused, the end token of a header with no message)."""
        ended = None
        if fused:
            if (yield from self._fused_header(r, ctx, head)):
                fused = False         # only the channel token was left out: the tokens are there
        else:
            ended = yield from self._header(r, head)
        role = head.get("role")
        if role in self.channels:
            # The channel word in the role slot (`<|start|>analysis<|message|>…`, transformers'
            # docs): the assistant's message on that channel, its role left out.
            head["role"] = self.role
            if not head.get("channel"):
                head["channel"] = role
        elif head.get("channel") == self.role and not role:
            # The role word in the channel slot (`<|channel|>assistant<|message|>…`, GPT-OSS 20B
            # through qvac, tetherto/qvac#2803): the assistant's message, its channel unsaid.
            head["role"] = self.role
            del head["channel"]
        if head.get("role") not in (None, self.role):
            if not self._from_tool(head):
                raise Reject(f"a message from {head.get('role')}: not the assistant's")
            head["result"] = head["role"]
        if head.get("channel"):
            head["channel"] = self._kind(head["channel"])
        return fused, ended

    def _broken(self, r, ctx: Context, at: int, lead: str):
        """A header that went wrong (gpt-oss-20b at temperature 1: `<|channel|>??`,
        `<|channel|>commentary?`, `commentary 2?`, `commentary to=assistant<|channel|>commentary?`,
        llama.cpp#27720) and that an end token closes before any message: the model's broken
        header, no message: its words go to the reasoning, its tokens are markup, an error reports
        it whole, and the turn goes on after it; returns that end token.  None (nothing consumed): no end token within `_BROKEN` characters."""
        if at < r.start:
            return None                   # (the text before it is gone: see Reader.forget)
        r.rewind(at)
        while True:
            m = self.broken_end.search(r.buf, r.pos, r.pos + _BROKEN + self.longest)
            if m is not None and m.start() - r.pos <= _BROKEN:
                break
            if len(r.buf) - r.pos > _BROKEN + self.longest or not (yield from more(r)):
                m = None
                break
        if m is None or m.group() == self.message:
            r.rewind(at)
            return None
        # Its words are the model's, written where its analysis goes: reasoning (nothing the model
        # wrote vanishes), the tokens between them and the end token markup; the error says why.
        seg, r.pos = r.pos, m.end()            # (seg: where the header starts in the buffer)
        raw = lead + r.text(at, r.at)
        for t in self.header_tokens.finditer(r.buf, seg, m.start()):
            if t.start() > seg:
                r.pos = t.start()
                yield Prose(r.buf[seg:t.start()], reasoning=True)
            seg = t.end()
        if m.start() > seg:
            r.pos = m.start()
            yield Prose(r.buf[seg:m.start()], reasoning=True)
        r.pos = m.end()
        ctx.push(ToolCallError(None, "a broken harmony header (no message): its words are reasoning", raw))
        return m.group()

    def _from_tool(self, head: dict) -> bool:
        """Is the message a tool's result (`<|start|>functions.f to=assistant<|channel|>commentary`):
        from a function, or from any role but the prompt's (user, system, developer) to the assistant?"""
        role = head.get("role") or ""
        return role.startswith(self.functions) or (head.get("to") == self.role and role not in _PROMPT_ROLES)

    def _kind(self, word: str) -> str:
        """The channel a channel word names: itself, or the known channel it starts with before a
        suffix (`analysis_2`, `final-answer`, `commentary:tool`, as `_prefix_of` lets in)."""
        for c in self.channels:
            if word.startswith(c) and (len(word) == len(c) or not word[len(c)].isalnum()):
                return c
        return word

    def _recipient(self, ctx: Context, head: dict):
        """(recipient, is it a built-in tool, the function's name if it is a function call)."""
        to = self._unglued(ctx, head.get("to") or "")
        if to == self.role:
            # Addressed to the assistant itself (gpt-oss-20b writes a stray `commentary to=assistant`
            # before the real channel, vllm-project/vllm#58825): no recipient, the channel decides.
            to = ""
        # A recipient outside functions. is a built-in tool, unless it is a declared
        # tool's own name (`to=math.sum` with a tool `math.sum`).
        direct = declared(ctx, to)
        builtin = bool(to) and not to.startswith(self.functions) and not direct
        name = ctx.check(to if direct else to[len(self.functions):]) if to and not builtin else None
        return to, builtin, name

    def _unglued(self, ctx: Context, to: str) -> str:
        """`functions.shelljson`: the payload type glued to a declared tool's name (no space
        before `json`) is split off; only when the glued name is undeclared and the bare one declared."""
        for t in self.types:
            base = to[: -len(t)]
            if to.endswith(t) and base.startswith(self.functions) and self._declared_only(ctx, base, to):
                return base
        return to

    def _declared_only(self, ctx: Context, to: str, base: str) -> bool:
        """Is the unsplit name a declared tool and the split one not?"""
        n, b = to[len(self.functions):], base[len(self.functions):]
        return declared(ctx, n) and not declared(ctx, b)

    def _builtin(self, r, ctx: Context, to: str, stops, raw: str, start: int, fused: bool):
        """A message to a built-in tool (python, browser.*, container.exec): no function call and
        no content, reported whole (after `raw`, from `start`), so a client that runs built-ins has it."""
        term = yield from stream_until(r, stops, lambda _: None)
        end = r.at - (len(term) if term in (self.start, self.channel) or fused and term else 0)
        ctx.push(ToolCallError(None, f"a message to {to}, a built-in tool: not a function call",
                               raw + r.text(start, end)))
        return term

    def _next_lead(self, r, term, fused: bool):
        """After a message that ended at `term`: the token that opens the next one, or None (the
        block ends)."""
        if fused or term in (self.start, self.channel):
            return term
        if not (yield from peek(r)):
            return None
        if (yield from startswith(r, self.start)):
            return self.start
        if (yield from startswith(r, self.channel)):
            return self.channel
        return None

    def _next_head(self, lead: str, fused: bool) -> dict:
        """What the header opened by `lead` has yet to say."""
        if fused:
            return {"role": self.role, "to": ""} if lead.endswith("to=") else {"channel": lead[len(self.role):]}
        return {"role" if lead == self.start else "channel": None}

    def _header(self, r, head: dict):
        """Header items up to and through the message token: the first word (role or channel, as
        `head` expects), then the channel token and word, ` to=R`, the constrain token and a type
        or a bare type word, in any order.  Returns None, or the end token that closed a header
        with no message (`<|channel|>final<|end|>`)."""
        for _ in range(_HEAD_WORDS):
            c = yield from peek(r)
            if not c:
                raise Truncated("cut off in a header")
            field = None
            if c == self.message[0] and (yield from startswith(r, self.message)):
                # One space after the token is the token's (LLM-jp's tokenizer writes one after
                # every special token, as llama.cpp's llm-jp-harmony parser reads it), not the text's.
                yield from startswith(r, " ")
                return None
            if c in self.firsts:
                for end in self.ends:
                    if any(head.values()) and (yield from startswith(r, end)):
                        return end
                if (yield from startswith(r, self.channel)):
                    field = "channel"
                elif (yield from startswith(r, self.constrain)):
                    field = "constrain"
                else:
                    raise Bad("unexpected token in a header")
            elif c == RECIPIENT[0] and (yield from self._to(r)):
                field = "to"
            yield from peek(r)               # (blanks around a header's words are layout)
            m = yield from token(r, _WORD, 256)
            if m is None:
                raise Truncated("cut off in a header") if r.eof and r.pos >= len(r.buf) else Bad("not a header")
            if field is None:
                field = next((k for k, v in head.items() if v is None), None)
                if field is None:
                    if m.group() not in self.types:
                        raise Bad(f"not a header word: {m.group()[:20]!r}")
                    field = "constrain"
            head[field] = m.group()
        raise Bad("header too long")

    @staticmethod
    def _to(r):
        """`to=` next, perhaps spaced (`to = functions.f`): consumed; else nothing is."""
        at = r.at
        m = yield from token(r, _TO, 16)
        if m is not None and m.group().endswith("="):
            return True
        r.rewind(at)
        return False

    def _fused_header(self, r, ctx: Context, head: dict):
        """After a fused channel word (stripped tokens): optional ` to=RECIPIENT` and ` json`.
        True when the header's tokens follow after all (`commentary to=functions.f<|message|>`:
        only the channel token was left out); they are read too."""
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
            for ch in self.channels:
                base = to[: -len(ch)]
                if to.endswith(ch) and len(base) > len(self.functions) and not self._declared_only(ctx, to, base):
                    to, head["channel"] = base, ch
                    break
        head["to"] = to
        c = yield from peek(r)
        for t in self.types:
            if c == t[0] and (yield from startswith(r, t)):
                break
        if (yield from peek(r)) in self.firsts and ((yield from startswith(r, self.message, consume=False))
                                                       or (yield from startswith(r, self.constrain, consume=False))):
            if (yield from self._header(r, head)) is not None:
                raise Bad("no message after the header")
            return True
        return False

    def _call(self, r, ctx: Context, name: str, stops):
        """A message to functions.NAME: its JSON payload streams as the call's arguments (or its
        `<parameter=K>V</parameter>` tags, a payload some models write in XML)."""
        c = yield from peek(r)
        if c == "<" and stops is self.token_stops and (
                (yield from startswith(r, "<parameter=", consume=False))
                or (yield from startswith(r, "<parameter name=", consume=False))):
            yield from xml_call(r, ctx, self.xml, name)
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
            yield from (yield from object_reader(r))(r, a)
        except Truncated:
            raise                          # end of stream: the Sieve recovers the open call
        except Bad as e:
            rest: list[str] = []
            term = yield from stream_until(r, stops, rest.append)
            ctx.fail(str(e), "".join(rest))
            return term
        if stops is self.fused_stops:      # no end token left: the call ends with its JSON
            ctx.end()
            return (yield from self._next_fused(r))
        rest = []
        term = yield from stream_until(r, stops, rest.append)
        junk = "".join(rest)
        if junk.strip():
            ctx.fail("text after the arguments", junk)
        else:
            ctx.end()
        return term

    def _next_fused(self, r):
        """After a call whose end token was stripped: the next fused header, if one follows."""
        yield from peek(r)
        for t in self.fused:
            if (yield from startswith(r, t)):
                return t
        return None


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
