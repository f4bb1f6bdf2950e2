"""The inspector's HTML: a list of exchanges and one exchange's page (plain HTML, CSS, a small script).

Both pages are whole without JavaScript (the list is rendered here, the spans too); the script adds
the live list (server-sent events from /inspect/events) and the chunk-by-chunk replay. Nothing is
fetched from anywhere else: no CDN, no font, no build step.
"""
from __future__ import annotations

import json
import time
from html import escape
from typing import Any

KINDS = {  # span kind: what the legend says
    "content": "content (the answer)",
    "reasoning": "reasoning",
    "call": "a call that runs (its markup)",
    "refused": "a call refused (never runs)",
    "markup": "markup consumed (control tokens, wrappers)",
    "held": "text held back, then released",
}

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:1.2em;color:#1d1d1f;background:#fafafa}
h1{font-size:1.3em;margin:0 0 .4em} h2{font-size:1.05em;margin:1.2em 0 .4em}
table{border-collapse:collapse;width:100%;background:#fff} td,th{border-bottom:1px solid #e3e3e3;padding:.3em .5em;text-align:left;font-size:13px}
tr.new{animation:flash 1.5s} @keyframes flash{from{background:#fff3b0}to{background:#fff}}
a{color:#0b57d0} .muted{color:#777} .bad{color:#b3261e;font-weight:600}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1em} @media(max-width:900px){.cols{grid-template-columns:1fr}}
pre,.raw{white-space:pre-wrap;word-break:break-word;font:12.5px/1.5 ui-monospace,Menlo,Consolas,monospace;background:#fff;border:1px solid #ddd;padding:.6em;margin:0}
.raw span{border-radius:2px}
.s-content{background:#e8f0fe} .s-reasoning{background:#f3e8fd;color:#5b2a86}
.s-call{background:#d7f5dd;outline:1px solid #34a853} .s-refused{background:#fde2e1;outline:1px solid #d93025;text-decoration:line-through wavy #d93025}
.s-markup{background:#eee;color:#666} .s-held{background:#fff0c2;border-bottom:2px dotted #e8a400}
.legend span{display:inline-block;padding:0 .4em;margin:0 .3em .3em 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em;margin:0} dt{color:#555}
.step{margin:.5em 0} button{font:inherit;padding:.2em .7em}
"""

LIST_JS = """
const rows = document.getElementById('rows');
function cell(t){const td=document.createElement('td');td.textContent=t==null?'':String(t);return td;}
function row(x){
  const tr=document.createElement('tr'); tr.id='x'+x.id; tr.className='new';
  const a=document.createElement('a'); a.href='/inspect/'+x.id; a.textContent='#'+x.id;
  const td=document.createElement('td'); td.appendChild(a); tr.appendChild(td);
  for (const v of [new Date(x.started*1000).toLocaleTimeString(), x.api, x.client, x.model, x.stream?'yes':'no',
                   x.format?(x.format+' ('+x.format_source+')'):'-', x.calls, x.refused,
                   x.first_token_ms==null?'':x.first_token_ms+' ms', x.duration_ms==null?'streaming…':x.duration_ms+' ms',
                   x.status==null?'':x.status+(x.error?' '+x.error:'')]) tr.appendChild(cell(v));
  if (x.refused) tr.children[8].className='bad';
  return tr;
}
const live=document.getElementById('live');
const es=new EventSource('/inspect/events');
es.onopen=()=>{live.textContent='live';};
es.onerror=()=>{live.textContent='not live (reload to retry)';};
es.onmessage=(m)=>{const x=JSON.parse(m.data); const old=document.getElementById('x'+x.id);
  const tr=row(x); if(old){old.replaceWith(tr);}else{rows.prepend(tr);}
  const none=document.getElementById('none'); if(none) none.remove();};
"""

REPLAY_JS = """
const data=JSON.parse(document.getElementById('replay-data').textContent);
const box=document.getElementById('replay'); let k=0;
function show(){
  const s=data[k]; const out=document.getElementById('replay-out');
  document.getElementById('replay-pos').textContent=(k+1)+' / '+data.length;
  document.getElementById('replay-chunk').textContent=s.chunk==null?'(end of stream: close())':JSON.stringify(s.chunk);
  out.textContent=s.events.length?s.events.map(e=>JSON.stringify(e)).join('\\n'):'(nothing yet: held, or inside a call)';
}
document.getElementById('prev').onclick=()=>{if(k>0){k--;show();}};
document.getElementById('next').onclick=()=>{if(k<data.length-1){k++;show();}};
box.hidden=false; show();
"""


def _page(title: str, body: str, script: str = "") -> str:
    tail = f"<script>{script}</script>" if script else ""
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{escape(title)}</title>"
            f"<meta name=viewport content='width=device-width,initial-scale=1'><style>{CSS}</style></head>"
            f"<body>{body}{tail}</body></html>")


def _when(ts: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(ts))


def list_page(summaries: list[dict[str, Any]], keep: int) -> str:
    head = ("<tr><th>#</th><th>time</th><th>API</th><th>client</th><th>model</th><th>stream</th><th>format</th>"
            "<th>calls</th><th>refused</th><th>first token</th><th>duration</th><th>status</th></tr>")
    rows = []
    for x in summaries:
        cells = [f"<a href='/inspect/{x['id']}'>#{x['id']}</a>", _when(x["started"]), x["api"], x["client"], x["model"],
                 "yes" if x["stream"] else "no",
                 f"{x['format']} ({x['format_source']})" if x["format"] else "-", x["calls"], x["refused"],
                 "" if x["first_token_ms"] is None else f"{x['first_token_ms']} ms",
                 "streaming…" if x["duration_ms"] is None else f"{x['duration_ms']} ms",
                 "" if x["status"] is None else f"{x['status']}{' ' + x['error'] if x['error'] else ''}"]
        tds = "".join(f"<td>{c if i == 0 else escape(str(c))}</td>" for i, c in enumerate(cells))
        rows.append(f"<tr id='x{x['id']}'>{tds}</tr>")
    empty = "" if rows else "<tr id=none><td colspan=12 class=muted>No exchange yet: send a request through the proxy.</td></tr>"
    body = (f"<h1>callsieve inspector</h1><p class=muted>The last {keep} requests to this proxy process, newest first "
            f"(<span id=live>reload to refresh</span>). Open one to see what the model wrote and what the client got.</p>"
            f"<table><thead>{head}</thead><tbody id=rows>{''.join(rows)}{empty}</tbody></table>")
    return _page("callsieve inspector", body, LIST_JS)


def _span(s: dict[str, Any]) -> str:
    kind = "held" if "held_ms" in s else s["kind"]
    title = {"call": lambda: f"call {s['name']} {s['arguments']}",
             "refused": lambda: f"refused{' call ' + s['name'] if s.get('name') else ''}: {s['reason']}",
             "held": lambda: f"{s['kind']} held back {s['held_ms']} ms ({s['held_pieces']} pieces)"}.get(kind, lambda: kind)()
    return f"<span class='s-{kind}' data-kind='{kind}' title='{escape(title, quote=True)}'>{escape(s['text'])}</span>"


def exchange_page(x: dict[str, Any], view: dict[str, Any], client: dict[str, Any], upstream_reasoning: str) -> str:
    calls = [s for s in view["spans"] if s["kind"] == "call"]
    refused = [s for s in view["spans"] if s["kind"] == "refused"]
    held = [s for s in view["spans"] if "held_ms" in s]
    facts = {"API": x["api"], "client": x["client"], "model": x["model"], "streamed": "yes" if x["stream"] else "no",
             "format": f"{x['format'] or view['format'] or '-'} (chosen by: {x['format_source']})",
             "status": f"{x['status']}{' ' + x['error'] if x['error'] else ''}" if x["status"] is not None else "streaming…",
             "time to first token": "-" if x["first_token_ms"] is None else f"{x['first_token_ms']} ms",
             "duration": "-" if x["duration_ms"] is None else f"{x['duration_ms']} ms",
             "upstream pieces": f"{x['pieces']} ({x['pieces_per_s'] or '-'} per second)",
             "held back": f"{len(held)} spans, longest {max((s['held_ms'] for s in held), default=0)} ms",
             "calls": f"{len(calls)} run, {len(refused)} refused"}
    if x["truncated"]:
        facts["note"] = "truncated: the exchange is larger than the inspector keeps"
    dl = "".join(f"<dt>{escape(k)}</dt><dd>{escape(str(v))}</dd>" for k, v in facts.items())
    legend = "".join(f"<span class='s-{k}'>{escape(v)}</span>" for k, v in KINDS.items())
    raw = "".join(_span(s) for s in view["spans"])
    lists = "".join(f"<li class=call>{escape(s['name'])} <code>{escape(s['arguments'])}</code></li>" for s in calls)
    lists += "".join(f"<li class=bad>refused{' ' + escape(s['name']) if s.get('name') else ''}: {escape(s['reason'])}</li>"
                     for s in refused)
    for e in x.get("errors", []):
        if not any(s.get("reason") == e["reason"] for s in refused):
            lists += f"<li class=bad>refused: {escape(e['reason'])}</li>"
    problem = f"<p class=bad>{escape(view['problem'])}</p>" if view.get("problem") else ""
    upstream_r = (f"<h2>Reasoning the upstream separated itself</h2><pre>{escape(upstream_reasoning)}</pre>"
                  if upstream_reasoning else "")
    answer = json.dumps(client["answer"], indent=1, ensure_ascii=False) if client["answer"] is not None else "(nothing)"
    stream = (f"<details><summary>The stream as sent ({x['api']} server-sent events)</summary><pre id=sse>"
              f"{escape(client['stream'])}</pre></details>" if client["stream"] else "")
    body = (f"<p><a href='/inspect'>&larr; all exchanges</a> · <a href='/inspect/{x['id']}/raw' download>raw text "
            f"(a file for a bug report or <code>callsieve parse</code>)</a></p><h1>Exchange #{x['id']}</h1><dl>{dl}</dl>"
            f"<div class=cols><div><h2>What the model wrote</h2><p class=legend>{legend}</p>{problem}"
            f"<div class=raw id=spans>{raw}</div><ul id=calls>{lists}</ul>{upstream_r}</div>"
            f"<div><h2>What the client received ({escape(x['api'])})</h2><pre id=answer>{escape(answer)}</pre>{stream}</div></div>"
            f"<h2>Replay, chunk by chunk</h2><div id=replay hidden><button id=prev>&larr; previous</button> "
            f"<button id=next>next &rarr;</button> <span id=replay-pos></span><div class=step>chunk: <code id=replay-chunk>"
            f"</code></div><pre id=replay-out></pre></div><noscript><p class=muted>The replay needs JavaScript; "
            f"<code>callsieve parse</code> on the raw text gives the same.</p></noscript>"
            f"<script type=application/json id=replay-data>{_json_in_html(view['steps'])}</script>")
    return _page(f"callsieve inspector #{x['id']}", body, REPLAY_JS)


def _json_in_html(value: Any) -> str:
    """JSON that cannot end its <script> element early (the model's text may hold '</script>')."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
