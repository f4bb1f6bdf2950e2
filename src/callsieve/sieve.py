"""The Sieve: a sans-IO state machine that separates text, reasoning and tool calls in a stream.

Three modes, as in ADR 0018:
  TEXT   - text goes out at once, except a tail that could still be the start of a marker;
  DECIDE - an opener was seen; formats that share it look at what follows (bounded look-ahead);
  BLOCK  - a format's body parser (a generator over a Reader) consumes the block, streaming calls.
Each mode hands the text it does not consume to the next, so every character is looked at a
bounded number of times: the cost of a stream is linear in its length.
"""
from __future__ import annotations

from . import formats as registry
from .calls import Calls
from .events import Markup, Reasoning, Text
from .events import ToolCallError
from .fallback import broad_pass, cut_block, salvage
from .formats import MAYBE, YES
from .markers import ANY_THINK, marker_table, special
from .reader import Bad, Reader, Reject, Truncated
from .reasoning import MODES
from .session import Session

TEXT, DECIDE, BLOCK = "text", "decide", "block"


class SieveFailed(RuntimeError):
    """feed() on a Sieve that failed earlier (an internal error; the events said so)."""
LOOK_MAX = 256                 # how far formats sharing an opener may look before deciding
MAX_CALL_BYTES = 4 * 1024 * 1024

class Sieve:
    """Feed model output chunk by chunk; get Text, Reasoning and tool-call events as soon as known."""

    def __init__(self, tools=None, format: str | None = None, reasoning: str = "auto",
                 session: Session | None = None, *, thinking: bool | None = None,
                 strict: bool = True, calls_in_reasoning: bool = True,
                 max_call_bytes: int = MAX_CALL_BYTES, markup: bool = False):
        if reasoning not in MODES:
            raise ValueError(f"reasoning must be one of {', '.join(MODES)}, not {reasoning!r}")
        self.session = session
        self._forced = registry.get(format).name if format else None
        self._fmts = self._candidates()
        self._calls = Calls(self._push, tools, strict, max_call_bytes, self._content, self._reasoning_text)
        self._tool_names = tuple(sorted(self._calls.tools or ()))
        self._calls.on_call = self._on_call
        self._reasoning = reasoning
        self._legacy = reasoning == "deepseek-legacy"
        self._calls_in_reasoning = calls_in_reasoning
        self._markup = markup
        self.format: str | None = self._forced
        self._detected: str | None = None
        self._out: list = []
        self._pend: list[str] = []     # text of the current feed not yet in an event…
        self._pk = Text                # …and its kind (Text or Reasoning)
        self._found: dict = {}         # Matcher.search cache for the text being scanned
        self._mode = TEXT
        self._held = ""                # a possible marker start, TEXT mode
        self._at_start = True          # nothing but whitespace has gone out as content
        self._skip_ws = False          # drop whitespace right after markup
        self._tail = ""                # the last content that went out (does it end in whitespace?)
        self._ticks = 0                # odd: the content's current line is inside `inline code`
        if thinking is None and session is not None and session.opens_thinking:
            thinking = True
        self._think = None             # the open thinking syntax
        if thinking and reasoning != "none":
            self._think = ANY_THINK
        # Thinking turned off by the request: a model's stray thinking markers are content.
        self._detect_thinking = reasoning != "none" and thinking is not False
        self._closed = False
        self._failed: str | None = None    # why the Sieve failed (an exception), if it did
        self._retable()
        # DECIDE / BLOCK state
        self._opener = ""
        self._cands: tuple = ()
        self._look = ""
        self._fmt = None
        self._reader: Reader | None = None
        self._gen = None
        self._lane = None              # BLOCK mode: where plain chunks may go directly
        self._think_before = None      # the thinking state when the block opened
        self._fallback = self._cut = self._unread = False

    # ------------------------------------------------------------------ public API
    def feed(self, text: str) -> list:
        """Give the next chunk of model output; returns the events now known."""
        if self._failed is not None:
            raise SieveFailed(f"this Sieve failed earlier ({self._failed}); start a new one")
        if self._closed:
            raise RuntimeError("feed() after close()")
        try:
            return self._feed(text)
        except Exception as e:                 # a bug: see _fail
            return self._fail(e)

    def close(self) -> list:
        """End of stream: flush held text; a call whose arguments never closed is incomplete."""
        if self._closed or self._failed is not None:
            return []
        try:
            return self._close()
        except Exception as e:
            return self._fail(e)

    def _fail(self, err: Exception) -> list:
        """An unexpected exception (a bug, never bad input): as h11 does, go to a failed state.
        The open call ends incomplete, what was held goes out, and further feeds are refused."""
        self._failed = f"{type(err).__name__}: {err}"
        out = self._out
        calls, r = self._calls, self._reader
        raw = r.rest() if r is not None else ""
        try:
            if calls.open:
                calls.abandon("internal error: " + self._failed, raw)
            elif r is not None:
                out.append(ToolCallError(None, "internal error: " + self._failed, raw))
        except Exception:                      # (the call's state may be what broke)
            out.append(ToolCallError(calls.index if calls.open else None,
                                     "internal error: " + self._failed, raw, True, {}))
        held = self._held + (self._opener + self._look if self._mode is DECIDE else "")
        self._pend.clear()
        if held:
            out.append(Text(held))
        self._held = self._look = ""
        self._reader = self._gen = self._lane = None
        self._closed = True
        return out

    def _feed(self, text: str) -> list:
        if (self._mode is TEXT and not self._held and self._think is None and not self._skip_ws
                and not self._at_start and self._tab[0].first(text) is None):
            # The common case: prose with no character a marker can start with.
            if text:
                self._wrote(text)
                return [Text(text)]
            return []
        lane = self._lane
        if lane is not None and text and lane.accepts(text) and self._reader.pos >= len(self._reader.buf):
            # Inside a long value: the parser would only pass this chunk on (see reader.Lane).
            r = self._reader
            calls = self._calls
            if lane.args is not None and lane.args is calls.args:
                ev = calls.pass_on(text)
                if ev is not None:
                    r.skip(text)
                    return [ev]
            a = calls.args
            if a is None or a.limit is None or a.size + len(text) <= a.limit:
                r.skip(text)
                out = self._out = []
                lane.sink(text)
                self._calls.flush()
                self._flush_text()        # a lane may carry prose (harmony's final channel)
                return out
        out = self._out = []
        if text:
            if self._mode is BLOCK:
                # Inside a block (the common case within a call): straight to its parser.
                self._reader.push(text)
                nxt = self._drive(False)
                if nxt is not None:
                    self._run(*nxt, False)
            else:
                self._run(text, 0, False)
            self._calls.flush()
            self._flush_text()
        return out

    def _close(self) -> list:
        out = self._out = []
        self._run("", 0, True)
        self._calls.flush()
        self._flush_text()
        self._closed = True
        if self.session is not None and self._detected:
            self.session.record(self._detected)
        return out

    # ------------------------------------------------------------------ plumbing
    def _candidates(self) -> tuple:
        if self._forced:
            return (registry.get(self._forced),)
        fmts = [f for f in registry.all_formats() if f.openers or f.start_openers or f.tool_openers]
        pref = self.session.format if self.session is not None else None
        if pref:
            fmts.sort(key=lambda f: f.name != pref)      # the remembered format decides first
        return tuple(fmts)

    def _push(self, ev) -> None:
        """Every event goes out through here, after the text pending before it."""
        if self._pend:
            self._flush_text()
        self._out.append(ev)

    def _flush_text(self) -> None:
        # Consecutive text of one feed goes out as one event (joined once: linear).
        pend = self._pend
        if pend:
            self._out.append(self._pk(pend[0] if len(pend) == 1 else "".join(pend)))
            pend.clear()

    def _piece(self, kind, s: str) -> None:
        if kind is not self._pk and self._pend:
            self._flush_text()
        self._pk = kind
        self._pend.append(s)

    def _emit(self, s: str) -> None:
        """Text that goes out as content or reasoning, by the current thinking state."""
        if not s:
            return
        self._calls.flush()
        if self._think is not None and self._reasoning != "none":
            self._thought(s)
            return
        if self._skip_ws:
            # Whitespace right after markup is layout: dropped after a thinking block, and after
            # a call unless it is needed to keep the prose around the call apart.
            t = s.lstrip()
            if len(t) != len(s) and (self._skip_ws == "drop" or self._at_start or self._tail[-1:].isspace()):
                self._markup_text(s[: len(s) - len(t)])
                s = t
            if not s:
                return
            self._skip_ws = False
        self._text(s)

    def _thought(self, s: str) -> None:
        """Thinking text, by the reasoning mode: separated, inline (none), or both (legacy)."""
        if self._reasoning == "none" or self._legacy:
            self._text(s)
        if self._reasoning != "none":
            self._piece(Reasoning, s)

    def _from_block(self, n: int) -> None:
        # Prose in a format's own syntax proves the format; the block's text before it is markup.
        self._note_format(force=True)
        self._calls.flush()
        self._block_markup(n)

    def _content(self, s: str) -> None:
        """Content from inside a block (harmony's final channel), right after it was consumed."""
        if s:
            self._from_block(len(s))
            self._text(s)

    def _reasoning_text(self, s: str) -> None:
        """Reasoning from inside a block (harmony's analysis channel), right after it was consumed."""
        if s:
            self._from_block(len(s))
            self._thought(s)

    def _text(self, s: str) -> None:
        self._piece(Text, s)
        self._wrote(s)

    def _wrote(self, s: str) -> None:
        """Content `s` went out: the last content, and whether a line is inside `inline code`."""
        self._tail = s
        nl = s.rfind("\n")
        if nl >= 0:
            self._ticks = s.count("`", nl + 1) & 1
        elif "`" in s:
            self._ticks ^= s.count("`") & 1
        if self._at_start and not s.isspace():
            self._at_start = False
            self._retable()

    def _markup_text(self, s: str) -> None:
        if self._markup and s:
            self._calls.flush()
            self._push(Markup(s))

    def _marker(self, s: str, thinking: bool) -> None:
        # deepseek-legacy keeps thinking inline in content, markers included
        if self._legacy and thinking:
            self._text(s)
        else:
            self._markup_text(s)

    def _run(self, data: str, pos: int, eof: bool) -> None:
        # Each mode consumes what it can of data[pos:] and hands (data, pos) on: positions, not
        # slices, so a whole-text parse never copies the rest of the text.
        nxt = (data, pos)
        while nxt is not None:
            data, pos = nxt
            if self._mode is TEXT:
                nxt = self._scan(data, pos, eof)
            elif self._mode is DECIDE:
                nxt = self._decide(data, pos, eof)
            else:
                nxt = self._block(data, pos, eof)

    # ------------------------------------------------------------------ TEXT
    def _retable(self) -> None:
        """The markers that matter now (start-only openers, thinking state, tools)."""
        calls = self._think is None or self._calls_in_reasoning
        self._tab = marker_table(self._fmts, self._starting(), self._tool_names, self._think,
                                  self._detect_thinking, calls)

    def _starting(self) -> bool:
        """Are we at the start of the content?  Forms recognised only there (bare JSON, a
        declared name, harmony's channel words…) count where the content starts: nothing but
        whitespace has gone out as content, and no thinking block is open.  This depends on
        the message so far, never on where a chunk begins."""
        return self._at_start and self._think is None

    def _scan(self, data: str, pos: int, eof: bool):
        if self._held:
            data = self._held + data[pos:]
            self._held = ""
            pos = 0
        found = self._found
        if found.get(None) is not data:
            found.clear()
            found[None] = data
        while True:
            matcher, actions, anchor = self._tab
            m = matcher.search(data, pos, found)
            if anchor is not None:                 # the content has not started yet
                w = anchor.skip(data, pos)
                if (m is None or m.start() > w) and matcher.partial(data, w) != w:
                    a = anchor.match(data, w)
                    if not eof and (anchor.partial(data, w) if a is None
                                    else anchor.may_extend(data, w, a.group())):
                        # a start-only marker may still be arriving ("mute" of "mute_channel")
                        self._emit(data[pos:w])
                        self._held = data[w:]
                        return None
                    if a is not None:
                        m = a
            if m is None:
                p = -1 if eof else matcher.partial(data, pos)
                if p < 0:
                    self._emit(data[pos:])
                else:
                    self._emit(data[pos:p])
                    self._held = data[p:]
                return None
            s = m.start()
            marker = m.group()
            if not eof and s > pos:
                # A longer marker may begin before this one and still be arriving
                # ("<｜DSML｜" is the start of "<｜DSML｜invoke", not "<" + "｜DSML｜").
                p = matcher.partial(data, pos)
                if 0 <= p < s:
                    self._emit(data[pos:p])
                    self._held = data[p:]
                    return None
            if not eof and matcher.may_extend(data, s, marker):
                self._emit(data[pos:s])
                self._held = data[s:]
                return None
            if s > pos:
                was = self._starting()
                self._emit(data[pos:s])
                pos = s
                if was != self._starting():        # start-only markers no longer apply
                    continue
            kind, arg = actions[marker]
            pos = m.end()
            if kind == "call" and self._ticks and self._think is None and marker[0] != "`":
                # Inside `inline code` a marker is quoted, not written: "use `<tool_call>`",
                # "for example `{"name": "get_weather", …}`".
                self._emit(marker)
                continue
            if kind == "call":
                self._opener, self._cands, self._look = marker, arg, ""
                self._calls.at_start = self._starting()
                self._mode = DECIDE
                return data, pos
            if kind == "think_open":
                self._marker(marker, True)
                self._think = arg
            elif kind == "think_close":
                self._marker(marker, True)
                self._think = None
                self._skip_ws = "drop" if not self._legacy else False
            elif kind == "stray_close":
                # The prompt opened the thinking block (or thinking is off and the model closes
                # it anyway): drop the marker; a Session learns that this model's template opens it.
                self._marker(marker, True)
                self._skip_ws = "drop" if not self._legacy else False
                if self.session is not None and not self._calls.count:
                    self.session.opens_thinking = True
            else:   # an answer wrapper
                self._marker(marker, False)
            self._retable()

    # ------------------------------------------------------------------ DECIDE
    def _decide(self, data: str, pos: int, eof: bool):
        if self._look:
            data, pos, self._look = self._look + data[pos:], 0, ""
        # Formats see at most LOOK_MAX characters, and must decide once they have them, so the
        # choice is the same whatever the chunking.
        view, final = data[pos:pos + LOOK_MAX], eof or len(data) - pos >= LOOK_MAX
        chosen = None
        for f in self._cands:
            v = f.decide(self._opener, view, final, self._calls)
            if v == YES:
                chosen = f
                break
            if v == MAYBE and not final:
                self._look = data[pos:]
                return None
        if chosen is None:
            if eof and special(self._opener) and (data[pos:].isspace() or pos >= len(data)):
                # A special token alone at the end: a call the end of the stream cut off.
                self._markup_text(self._opener)
                self._calls.push(ToolCallError(None, f"cut off by the end of the stream after "
                                                     f"{self._opener!r}", ""))
            else:                            # a false start: the opener is text after all
                self._emit(self._opener)
            self._mode = TEXT
            return data, pos
        self._start_block(chosen)
        return data, pos

    def _start_block(self, fmt) -> None:
        self._fmt = fmt
        self._mode = BLOCK
        # A call opener ends thinking implicitly; if the block turns out to hold no call,
        # _release puts the thinking state back.
        self._think_before = self._think
        if self._think is not None:
            self._think = None
            self._retable()
        self._reader = Reader()
        self._calls.block_calls = 0
        self._fallback = self._cut = self._unread = False
        self._mk, self._mk_opener = 0, False     # markup audit: accounted up to here
        self._gen = fmt.parse(self._reader, self._calls, self._opener)

    # ------------------------------------------------------------------ BLOCK
    def _block(self, data: str, pos: int, eof: bool):
        r = self._reader
        if pos < len(data):
            r.push(data, pos)
        if eof:
            r.eof = True
        return self._drive(eof)

    def _drive(self, eof: bool):
        """Resume the block's parser on what was pushed; handle how it ends."""
        r = self._reader
        calls = self._calls
        self._lane = None
        while True:
            try:
                self._lane = self._gen.send(None)
                if not eof:
                    return None
                raise Truncated("parser waited at end of stream")
            except StopIteration:
                return self._end_block(r.at)
            except (Reject, Bad) as e:
                if calls.open:
                    self._gen = salvage(r, calls, self._fmt.closer_for(self._opener) or "\n", e)
                    continue
                if calls.block_calls:
                    at = e.at if isinstance(e, Reject) and e.at is not None else r.at
                    return self._end_block(at)
                cut = isinstance(e, Truncated) or self._cut
                # No call in this block.  If it was well-formed but of a shape the format does not
                # know (or cut off by the end of the stream), a broad pass looks for calls in it.
                broad = cut or (isinstance(e, Reject) and e.broad)
                if broad and self._fmt.closer and not self._fallback:
                    self._fallback, self._cut = True, cut
                    r.rewind(0)
                    self._gen = broad_pass(r, calls, self._fmt.closer_for(self._opener))
                    continue
                if cut and not self._unread:
                    # A call cut off by the end of the stream before it started: never content.
                    self._unread = True
                    r.rewind(0)
                    self._gen = cut_block(r, calls, self._fmt.closer_for(self._opener), self._opener)
                    continue
                if special(self._opener):
                    # Special-token markup that holds no call (an undeclared tool, prose quoting the
                    # token): reported; its text goes back to the text, so nothing is lost.
                    calls.push(ToolCallError(None, f"{e or 'no call'} after {self._opener!r}", ""))
                return self._release()

    def _on_call(self, started: bool) -> None:
        if started:
            self._note_format()
        # Memory: while a call streams the block's text is not kept (its arguments are); after
        # it, only what follows is kept (a later object may still be handed back as text).
        r = self._reader
        if r is not None and not self._markup:
            r.forget()
            r.keep = not started

    def _note_format(self, force: bool = False) -> None:
        """A block proved its format (a call, or prose in the format's own syntax)."""
        if (force or self._calls.block_calls) and self._fmt is not None:
            self._detected = self._fmt.name
            if self.format is None:
                self.format = self._detected

    def _block_markup(self, emitted: int = 0, at: int | None = None) -> None:
        """Audit (markup=True): the block's text not yet accounted for, up to `at` (default: the
        reader's position less the `emitted` characters that go out as text right after)."""
        r = self._reader
        if not self._markup or r is None:
            return
        end = (r.at if at is None else at) - emitted
        self._markup_text(("" if self._mk_opener else self._opener) + r.text(self._mk, end))
        self._mk_opener = True
        self._mk = end + emitted

    def _end_block(self, at: int):
        self._note_format()
        r = self._reader
        self._block_markup(at=at)
        rest = r.since(at)
        if self._calls.block_calls:
            self._skip_ws = "call"
        self._reader = self._gen = self._fmt = None
        self._mode = TEXT
        return rest

    def _release(self):
        """No call in this block: its opener goes out as text; the rest is scanned again."""
        r = self._reader
        if self._think_before is not self._think:
            self._think = self._think_before
            self._retable()
        self._emit(self._opener)
        rest = r.since(0)         # the text after the opener (a format may have read the opener too)
        self._reader = self._gen = self._fmt = None
        self._mode = TEXT
        return rest
