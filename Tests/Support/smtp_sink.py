#!/usr/bin/env python3
"""A real SMTP server on 127.0.0.1 for Folio's mail tests (aiosmtpd).

Usage: smtp_sink.py OUTDIR MODE [USER:PASSWORD]  — prints its port, then serves until stdin closes.
Each accepted message is saved as OUTDIR/N.eml with OUTDIR/N.json holding the envelope.
MODE: ok | tempfail-once (451 at DATA the first time) | permfail (550 at DATA) | drop (closes the
connection after the data, before replying). With USER:PASSWORD, AUTH is required (plain, on loopback).
"""
import json, os, signal, socket, sys
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

outdir, mode = sys.argv[1], sys.argv[2]
credentials = sys.argv[3].encode() if len(sys.argv) > 3 else None
os.makedirs(outdir, exist_ok=True)
state = {"data": 0, "saved": 0}


class Sink:
    async def handle_DATA(self, server, session, envelope):
        state["data"] += 1
        if mode == "tempfail-once" and state["data"] == 1:
            return "451 4.3.0 Try again later"
        if mode == "permfail":
            return "550 5.7.1 Message refused"
        if mode == "drop":
            server.transport.abort()  # gone at once: no reply to the data ever reaches the client
            return "421 4.4.2 closing"
        state["saved"] += 1
        n = state["saved"]
        with open(os.path.join(outdir, f"{n}.eml"), "wb") as f:
            f.write(envelope.original_content)
        with open(os.path.join(outdir, f"{n}.json"), "w") as f:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos, "auth": bool(session.authenticated)}, f)
        return "250 2.0.0 OK"


def authenticator(server, session, envelope, mechanism, auth_data):
    ok = credentials is not None and auth_data.login + b":" + auth_data.password == credentials
    return AuthResult(success=ok, handled=False)


# aiosmtpd's controller checks the server by connecting to the port it was given, so it needs a
# concrete one: take a free port from the kernel (the gap before the server binds it is tiny).
probe = socket.socket()
probe.bind(("127.0.0.1", 0))
port = probe.getsockname()[1]
probe.close()
kwargs = dict(hostname="127.0.0.1", port=port)
if credentials:
    kwargs.update(authenticator=authenticator, auth_required=True, auth_require_tls=False)
controller = Controller(Sink(), **kwargs)
controller.start()
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
print(port, flush=True)
while sys.stdin.buffer.read(1024):
    pass
controller.stop()
