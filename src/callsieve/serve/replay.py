"""The replay memory: the next request renders what the model wrote, so the server's prompt cache holds.

A server reuses its KV (prompt) cache only up to the first character of the re-rendered history
that differs from what the model generated. Clients drop the reasoning of a past turn, re-write
its arguments (`json.dumps` of what they parsed) and lose the whitespace the parser trimmed. So
the proxy keeps, for each turn it answered, what the model wrote (`Said`), and when that turn
comes back in a later request (recognised by the call ids it issued, the content and the
arguments' values) it puts back what the client dropped or re-wrote: the reasoning, the
content's whitespace, the arguments' text.

Bounded (MAX_TURNS turns and MAX_BYTES, least recently used out first) and kept per credential
(the hash of the key the client sent): a turn is only ever given back to the key it was answered
to, and only when the message that comes back is that turn. A proxy that restarted knows
nothing, and passes every message on as it came. docs/proxy-shared.md#the-replay-memory.

`Written` (a Turn) also writes each whole call's `arguments` as the model wrote them when they
are JSON in its text, and as the templates' `tojson` does (`json.dumps` defaults) when callsieve
built them from other markup (docs/proxy.md#arguments).
"""
from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from callsieve.jsonargs import dumps, loads
from callsieve.rules import CallArgs, CallCut, CallEnded, CallOpened, Content, Thinking
from callsieve.serve.options import text_of
from callsieve.serve.turn import Turn

MAX_TURNS = 4096                 # turns remembered (all credentials together)
MAX_BYTES = 64 * 1024 * 1024     # their text, in UTF-8 bytes
MAX_TURN_BYTES = 4 * 1024 * 1024  # a larger answer is not remembered (nor searched for its arguments)
SEARCH_FACTOR = 4                # the arguments' search reads at most this many times the answer's text


@dataclass(frozen=True)
class Call:
    id: str
    name: str
    arguments: str        # the text to give back: as the model wrote it
    value: str            # the canonical JSON of its value (how a message's arguments are recognised)
    wrote: str = ""       # the id the model wrote, when the client got another (a streamed call's)


@dataclass(frozen=True)
class Said:
    """One answered turn (one choice): what the client got, and what the model wrote."""
    sent: str             # the content as the client got it
    content: str          # the content to give back (the model's whitespace)
    reasoning: str
    calls: tuple[Call, ...]

    @property
    def size(self) -> int:
        return sum(len(s.encode("utf-8", "surrogatepass")) + 64 for s in
                   (self.sent, self.content, self.reasoning, *(c.arguments + c.value + c.id + c.name
                                                                for c in self.calls)))


def credential(headers) -> str:
    """Whose turns these are: a hash of the key the request carries (`Authorization` or
    `x-api-key`); the empty key for a request without one."""
    auth = headers.get("authorization") or ""
    key = auth[7:] if auth[:7].lower() == "bearer " else auth or headers.get("x-api-key") or ""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest() if key else ""


def digest(text: str) -> str:
    return "c:" + hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()


class Memory:
    """The turns answered, by (credential, key): a turn with calls under each call id, one without
    under its content's digest."""

    def __init__(self, max_turns: int = MAX_TURNS, max_bytes: int = MAX_BYTES):
        self.max_turns, self.max_bytes = max_turns, max_bytes
        self.turns: OrderedDict[tuple[str, str], Said] = OrderedDict()   # (cred, first key) -> Said
        self.keys: dict[tuple[str, str], tuple[str, str]] = {}           # (cred, any key) -> first key
        self.bytes = 0
        self.lock = threading.Lock()   # (one event loop per process; the lock costs nothing and
                                       # keeps it right if a worker thread ever records)

    @staticmethod
    def keys_of(said: Said) -> list[str]:
        return [c.id for c in said.calls] if said.calls else [digest(said.sent)]

    def put(self, cred: str, said: Said) -> None:
        size = said.size
        if size > min(MAX_TURN_BYTES, self.max_bytes):
            return
        keys = self.keys_of(said)
        with self.lock:
            for k in keys:                       # a key seen again (a repeated answer): the new turn wins
                old = self.keys.get((cred, k))
                if old is not None:
                    self._drop(old)
            first = (cred, keys[0])
            self.turns[first] = said
            for k in keys:
                self.keys[(cred, k)] = first
            self.bytes += size
            while self.turns and (len(self.turns) > self.max_turns or self.bytes > self.max_bytes):
                self._drop(next(iter(self.turns)))

    def _drop(self, first: tuple[str, str]) -> None:
        said = self.turns.pop(first, None)
        if said is None:
            return
        self.bytes -= said.size
        for k in self.keys_of(said):
            if self.keys.get((first[0], k)) == first:
                del self.keys[(first[0], k)]

    def get(self, cred: str, key: str) -> Said | None:
        with self.lock:
            first = self.keys.get((cred, key))
            if first is None:
                return None
            self.turns.move_to_end(first)
            return self.turns[first]

    # -- giving turns back ---------------------------------------------------------------------
    def restore(self, cred: str, body: dict) -> dict:
        """`body` (a Chat Completions request) with each assistant turn this credential was
        answered given back as the model wrote it; `body` itself when nothing changed."""
        msgs = body.get("messages")
        if not isinstance(msgs, list):
            return body
        out, changed = [], False
        ids: dict = {}      # the ids given back as the model wrote them: their results follow
        for m in msgs:
            back = None
            if isinstance(m, dict) and m.get("role") == "assistant":
                back = self.restored(cred, m, ids)
            elif isinstance(m, dict) and m.get("role") == "tool" and m.get("tool_call_id") in ids:
                back = {**m, "tool_call_id": ids[m["tool_call_id"]]}
            out.append(back if back is not None else m)
            changed = changed or back is not None
        return {**body, "messages": out} if changed else body

    def restored(self, cred: str, m: dict, ids: dict) -> dict | None:
        calls = m.get("tool_calls")
        try:
            content = text_of(m.get("content"))
        except ValueError:
            return None
        if calls:
            if not isinstance(calls, list) or not all(isinstance(c, dict) for c in calls):
                return None
            said = self.get(cred, str(calls[0].get("id")))
        else:
            said = self.get(cred, digest(content)) if content.strip() else None
        if said is None or not same_turn(said, m, content, calls or []):
            return None
        back = dict(m)
        if said.content != said.sent:
            back["content"] = said.content
        if said.reasoning and not (m.get("reasoning_content") or m.get("reasoning")):
            back["reasoning_content"] = said.reasoning
        if said.calls:
            back["tool_calls"] = [{**c, "id": s.wrote or s.id, "function": {**c["function"], "arguments": s.arguments}}
                                  for c, s in zip(calls or [], said.calls)]
            ids.update((s.id, s.wrote) for s in said.calls if s.wrote and s.wrote != s.id)
        return back if back != m else None


def same_turn(said: Said, m: dict, content: str, calls: list) -> bool:
    """Is message `m` the turn `said`: the same content (whitespace aside), the same calls (ids,
    names, argument values), and no other reasoning?"""
    if content.strip() != said.sent.strip() or len(calls) != len(said.calls):
        return False
    for c, s in zip(calls, said.calls):
        fn = c.get("function")
        if not isinstance(fn, dict) or c.get("id") != s.id or fn.get("name") != s.name:
            return False
        args = fn.get("arguments")
        try:
            value = dumps(loads(args) if isinstance(args, str) else args)
        except (ValueError, TypeError, RecursionError):
            return False
        if value != s.value:
            return False
    theirs = m.get("reasoning_content") or m.get("reasoning")
    return not theirs or not isinstance(theirs, str) or theirs.strip() == said.reasoning.strip()


# -- what the model wrote ----------------------------------------------------------------------
def json_at(text: str, value: str, start: int, budget: list[int]) -> tuple[int, int] | None:
    """The first JSON object in `text` from `start` whose canonical JSON is `value` (the model's
    own spelling of a call's arguments), as (start, end); None if there is none, or the search
    spent `budget[0]` characters (it reads objects nested in others again: bounded)."""
    decode = json.JSONDecoder().raw_decode
    at = text.find("{", start)
    while at >= 0 and budget[0] > 0:
        try:
            obj, end = decode(text, at)
        except (ValueError, RecursionError):
            budget[0] -= 16
        else:
            budget[0] -= end - at
            try:
                if isinstance(obj, dict) and dumps(obj) == value:
                    return at, end
            except ValueError:
                pass
        at = text.find("{", at + 1)
    return None


def built(value: str) -> str:
    """Arguments callsieve built from other markup (XML parameters), written as chat templates'
    `tojson` writes them: `json.dumps` with its default ", " and ": "."""
    return json.dumps(loads(value), ensure_ascii=False)


def as_written(text: str, call_sep: str | None, raw: str) -> str:
    """The content to give back: the client's `text`, with the whitespace the model wrote after it
    in `raw` less the separator the chat template writes itself before a call (`call_sep`);
    `text` itself when the template's separator is not known or the model did not write it."""
    core = text.rstrip()
    if not core or call_sep is None:
        return text
    at = raw.rfind(core)
    if at < 0:
        return text
    after = raw[at + len(core):]
    ws = after[:len(after) - len(after.lstrip())]
    if not after[len(ws):]:               # nothing follows: the turn ends with the content
        return core + ws if text.startswith(core) and len(ws) > len(text) - len(core) else text
    if not ws.endswith(call_sep):
        return text
    return text[:len(text) - len(text.lstrip())] + core + ws[:len(ws) - len(call_sep)]


class Written(Turn):
    """A Turn that writes whole calls' arguments as the model wrote them, and, given a Memory,
    remembers each choice's turn once it finished (`finished`), for the next request."""

    def __init__(self, *args, memory: Memory | None = None, cred: str = "", call_sep: str | None = None, **kw):
        super().__init__(*args, **kw)
        self.memory, self.cred, self.call_sep = memory, cred, call_sep
        self.raw: dict[int, list[str]] = {}        # choice -> the model's content text (upstream deltas)
        self.native: set[int] = set()              # choices whose upstream parsed calls itself
        self.size = 0
        self.got: dict[int, Got] = {}              # choice -> what the client got
        self.budget = [0]                          # the arguments' search, in characters it may read

    def feed(self, chunk: dict) -> list:
        events = super().feed(chunk)   # (first: it refuses a chunk of the wrong shape, turn.fault)
        if self.size <= MAX_TURN_BYTES:
            for c in chunk.get("choices") or []:
                delta = c.get("delta") or {}
                text = delta.get("content")
                if isinstance(text, str) and text:
                    self.raw.setdefault(c.get("index", 0), []).append(text)
                    self.size += len(text)
                    self.budget[0] += SEARCH_FACTOR * len(text)
                if delta.get("tool_calls"):
                    self.native.add(c.get("index", 0))
        return self._seen(events)

    def flushing(self):
        for batch in super().flushing():   # (finish() and flush() come through here, in batches)
            yield self._seen(batch)

    def finished(self) -> list:
        out = self._seen(super().finished())
        self._remember()
        return out

    def _remember(self) -> None:
        """Each finished choice's turn, into the memory (a turn with a call not runnable is not one
        to give back)."""
        if self.memory is None or self.size > MAX_TURN_BYTES:
            return
        for i, got in self.got.items():
            if got.cut or not all(c[3] for c in got.calls.values()):
                continue   # a call not runnable: not a turn to give back
            raw = "".join(self.raw.get(i, ()))
            calls = []
            for cid, name, parts, _, whole in (got.calls[k] for k in sorted(got.calls)):
                text = "".join(parts)
                try:
                    value = dumps(loads(text))
                except (ValueError, RecursionError):
                    break
                wrote = ""
                if not whole and i not in self.native:   # streamed: its deltas were the canonical text
                    text = self._model_text(i, text, got)
                    wrote = got.wrote_id or ""
                calls.append(Call(cid, name, text, value, wrote))
            else:
                sent = "".join(got.content)
                self.memory.put(self.cred, Said(sent, as_written(sent, self.call_sep, raw),
                                                "".join(got.reasoning), tuple(calls)))

    def _seen(self, events: list) -> list:
        """Record what the client gets; a whole call (opened and ended in one batch) gets the
        model's own arguments text."""
        out = list(events)
        for n, ev in enumerate(out):
            t = type(ev)
            got = self.got.get(ev.choice)
            if got is None:
                got = self.got[ev.choice] = Got()
            if t is Content:
                got.content.append(ev.text)
            elif t is Thinking:
                got.reasoning.append(ev.text)
            elif t is CallOpened:
                whole = n + 1 < len(out) and type(out[n + 1]) is CallEnded and out[n + 1].index == ev.index
                args, cid = ev.arguments, ev.id
                if whole and ev.choice not in self.native:
                    args = self._model_text(ev.choice, args, got)
                    cid = got.wrote_id or cid
                    if (args, cid) != (ev.arguments, ev.id):
                        out[n] = CallOpened(ev.choice, ev.index, cid, ev.name, args)
                got.calls[ev.index] = [cid, ev.name, [args], False, whole]
            elif t is CallArgs and ev.index in got.calls:
                got.calls[ev.index][2].append(ev.text)
            elif t is CallEnded and ev.index in got.calls:
                got.calls[ev.index][3] = True
            elif t is CallCut:
                got.cut = True
        return out

    def _model_text(self, i: int, args: str, got: "Got") -> str:
        """A parsed call's arguments as the model wrote them: the first JSON object of its text,
        after the previous call's, with the same value; else as chat templates write them."""
        try:
            value = dumps(loads(args))
        except (ValueError, RecursionError):
            return args
        raw = "".join(self.raw.get(i, ()))
        found = json_at(raw, value, got.at, self.budget) if len(raw) <= MAX_TURN_BYTES else None
        got.wrote_id = None
        if found is None:
            return built(value)
        got.at = found[1]
        # an id the model wrote after the arguments (Mistral's `{"name", "arguments", "id"}`): its
        # own, which its template wants back (the parser made one up, as the id came too late)
        after = WROTE_ID.match(raw, found[1])
        if after:
            got.wrote_id = json.loads(after.group(1))
        return raw[found[0]:found[1]]


@dataclass
class Got:
    """What the client got of one choice."""
    content: list = field(default_factory=list)
    reasoning: list = field(default_factory=list)
    calls: dict = field(default_factory=dict)    # index -> [id, name, [arguments], ended, whole]
    cut: bool = False
    at: int = 0                                  # where the arguments' search goes on in the text
    wrote_id: str | None = None                  # the id the model wrote after the last call's arguments


WROTE_ID = re.compile(r'\s*,\s*"id"\s*:\s*("[A-Za-z0-9_\-.:]{1,64}")\s*}')
