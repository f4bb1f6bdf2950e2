"""A stand-in for llama-cpp-python's server, for the embedded server's failure tests.

    python fake_llama.py PORT [crash-first]

It answers GET /v1/models and generations; with `crash-first` it dies of SIGSEGV on its first
generation (as a llama.cpp built for another CPU does), and any chat request whose text holds
"die" kills it the same way later.
"""
import json
import os
import signal
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    def reply(self, doc):
        body = json.dumps(doc).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.reply({"object": "list", "data": [{"id": "gemma-3-270m", "object": "model"}]})

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        if (self.path.endswith("/completions") and "crash-first" in sys.argv) or b"die" in body:
            print("fake llama.cpp: ggml_backend_amx_mul_mat: general protection fault", flush=True)
            os.kill(os.getpid(), signal.SIGSEGV)
            # The signal may be taken by another thread, a moment later: this one must not go on
            # to answer (a real crash sends nothing).
            while True:
                time.sleep(1)
        self.reply({"id": "x", "object": "chat.completion", "created": 1, "model": "gemma-3-270m",
                    "choices": [{"index": 0, "text": " Paris", "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": "Paris"}}]})

    def log_message(self, *args):
        pass


signal.signal(signal.SIGSEGV, signal.SIG_DFL)
print("fake llama.cpp: model loaded", flush=True)
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
