"""The receive buffer of a block (reader.Reader) alone, and the primitives body parsers read it
with: a chunk is read where it lies, what is consumed is never searched again, and what was
pushed can still be had (for rewinding and the markup audit) until the reader forgets it."""
import re

import pytest

from callsieve.reader import (Bad, Reader, Truncated, partial_tail, peek, startswith, token,
                              until, until_any)


def drive(gen, r, chunks):
    """Run a body-parser primitive over `r`, pushing the next chunk whenever it waits; the end of
    the stream once the chunks run out.  (its result, the lanes it offered while waiting)"""
    chunks, lanes = list(chunks), []
    try:
        lane = next(gen)
        while True:
            lanes.append(lane)
            if chunks:
                r.push(chunks.pop(0))
            else:
                r.eof = True
            lane = gen.send(None)
    except StopIteration as stop:
        return stop.value, lanes


def test_a_chunk_pushed_once_the_last_is_consumed_is_read_in_place():
    r = Reader()
    text = "prose before<tool_call>{\"a\": 1}"
    r.push(text, 12)                          # the block starts inside a larger text
    assert r.buf is text and r.pos == 12 and r.at == 0
    assert r.rest() == "<tool_call>{\"a\": 1}"
    r.pos = len(text)                         # all consumed
    nxt = "more"
    r.push(nxt)
    assert r.buf is nxt and r.at == len(text) - 12      # positions stay absolute


def test_an_unconsumed_rest_is_joined_with_the_next_chunk():
    r = Reader()
    r.push("abc</to")
    r.pos = 3
    r.push("ol>")
    assert r.buf == "</tool>" and r.pos == 0 and r.at == 3
    assert r.text(0) == "abc</tool>"          # what was consumed can still be had


def test_text_between_absolute_offsets_spans_chunks_and_compaction():
    r = Reader()
    pieces = [f"{i:03d}," for i in range(300)]   # past 256 pushes: compacted into one string
    for p in pieces:
        r.push(p)
        r.pos = len(r.buf)
    whole = "".join(pieces)
    assert len(r.blocks) == 1 and len(r.parts) == 300 - 256
    assert r.text(0) == whole
    assert r.text(4, 12) == whole[4:12]
    assert r.text(1020, 1032) == whole[1020:1032]     # across the compacted string's end


def test_since_gives_the_buffer_itself_when_it_can():
    r = Reader()
    r.push("abc")
    r.pos = 3
    r.push("defgh")
    s, i = r.since(4)
    assert s is r.buf and s[i:] == "efgh"     # no copy
    s, i = r.since(1)
    assert s[i:] == "bcdefgh"                 # before the buffer: a copy


def test_rewind_goes_back_into_consumed_chunks():
    r = Reader()
    r.push("one ")
    r.pos = 4
    r.push("two ")
    r.pos = 4
    r.push("three")
    r.rewind(2)
    assert r.rest() == "e two three" and r.at == 2
    buf = r.buf
    r.pos += 5
    r.rewind(r.at - 1)                        # inside the buffer: only the position moves
    assert r.rest() == "o three" and r.buf is buf


def test_skip_consumes_what_it_pushes_but_keeps_it():
    r = Reader()
    r.push("ab")
    r.pos = 2
    r.skip("passed on")
    assert r.rest() == "" and r.at == 11
    assert r.text(0) == "abpassed on"


def test_forget_drops_what_was_read_before_a_call_started():
    r = Reader()
    r.push("prose, then a call: ")
    r.pos = 7
    r.forget()
    assert r.start == 7 and r.blocks == []
    r.pos = len(r.buf)
    r.push("{}")
    assert r.text(7) == "then a call: {}"
    r.keep = False                            # while a call streams, its text is not kept
    r.pos = len(r.buf)
    r.push("xyz")
    assert r.rest() == "xyz" and r.text(7) == "then a call: {}"


def test_push_front_puts_an_opener_before_the_unconsumed_input():
    r = Reader()
    r.push('"name": "f"}')
    r.push_front("{")
    assert r.rest() == '{"name": "f"}' and r.at == -1
    assert r.text(r.at) == '{"name": "f"}'


@pytest.mark.parametrize("text, term, k", [
    ("abc</to", "</tool>", 4),
    ("abc<", "</tool>", 1),
    ("abc</tool>", "</tool>", 0),             # the whole term is no partial one
    ("abc", "</tool>", 0),
])
def test_partial_tail_is_the_start_of_the_term_at_the_end(text, term, k):
    assert partial_tail(text, term) == k


def test_until_stops_at_a_term_split_across_chunks():
    r = Reader()
    r.push("hello </ta")
    got, _ = drive(until(r, "</tag>"), r, ["g> after"])
    assert got == "hello " and r.rest() == " after"


def test_until_never_searches_consumed_text_again():
    r = Reader()
    r.push("a long value ending in </t")
    sent = []
    gen = until(r, "</tag>", emit=sent.append)
    lane = next(gen)
    # All that cannot be part of the term went out and is consumed: only "</t" waits.
    assert sent == ["a long value ending in "] and r.rest() == "</t"
    r.push("ypo and more")
    lane = gen.send(None)
    assert sent[1:] == ["</typo and more"] and r.rest() == ""
    # Nothing is left to look at: a chunk without "<" may be passed straight on (the lane).
    assert lane is not None and lane.accepts("plain words") and not lane.accepts("x <")
    r.push("</tag>!")
    with pytest.raises(StopIteration):
        gen.send(None)
    assert "".join(sent) == "a long value ending in </typo and more" and r.rest() == "!"


def test_until_at_the_end_of_the_stream_is_truncated_with_what_it_read():
    r = Reader()
    r.push("cut off </ta")
    with pytest.raises(Truncated) as e:
        drive(until(r, "</tag>"), r, [])
    assert str(e.value) == "cut off </ta"


def test_until_with_a_limit_refuses_a_long_run():
    r = Reader()
    r.push("x" * 50)
    with pytest.raises(Bad):
        drive(until(r, "</tag>", limit=10), r, [])


def test_startswith_waits_until_it_can_tell():
    r = Reader()
    r.push("<tool")
    gen = startswith(r, "<tool_call>")
    assert next(gen) is None                  # "<tool" may still become it
    r.push("_call>{")
    with pytest.raises(StopIteration) as stop:
        gen.send(None)
    assert stop.value.value is True and r.rest() == "{"
    r2 = Reader()
    r2.push("<tooth")
    assert drive(startswith(r2, "<tool_call>"), r2, [])[0] is False and r2.rest() == "<tooth"


def test_peek_skips_whitespace_across_chunks_without_consuming_the_character():
    r = Reader()
    r.push("  \n")
    c, lanes = drive(peek(r), r, ["\t x"])
    assert c == "x" and r.rest() == "x" and len(lanes) == 1
    r2 = Reader()
    r2.push("   ")
    assert drive(peek(r2), r2, [])[0] == ""   # the end of the stream


def test_token_waits_while_the_match_runs_to_the_end_of_the_input():
    r = Reader()
    r.push("get_wea")
    m, lanes = drive(token(r, re.compile(r"\w+")), r, ["ther(1)"])
    assert m.group() == "get_weather" and r.rest() == "(1)" and len(lanes) == 1
    r2 = Reader()
    r2.push("x" * 20)
    m = drive(token(r2, re.compile(r"\w+"), limit=8), r2, [])[0]
    assert m.group() == "x" * 8               # at the limit, whatever the chunking


def test_until_any_waits_for_a_match_that_may_still_grow():
    r = Reader()
    r.push("text <end")
    (text, m), _ = drive(until_any(r, re.compile(r"<end>|<end")), r, ["> rest"])
    assert text == "text " and m.group() == "<end>" and r.rest() == "<end> rest"
