#!/usr/bin/env python3
"""A real SMTP server on 127.0.0.1 for Folio's mail tests (aiosmtpd), with the faults of real servers.

Usage: smtp_sink.py OUTDIR MODE [USER:PASSWORD]  — prints its port, then serves until stdin closes.
Each accepted message is saved as OUTDIR/N.eml with OUTDIR/N.json holding the envelope; OUTDIR/events
gets a line per session and command ("EHLO", "MAIL <a>", "RCPT <a>", "DATA", or "connect" when silent).
MODE is one or more of, comma-separated:
  ok             accept everything
  tempfail-once  451 at DATA the first time
  permfail       550 at DATA
  drop           close the connection after the data, before replying
  reject-mail    552 at MAIL FROM
  reject-rcpt    550 at every RCPT TO
  limit=N        452 at RCPT TO once a transaction has N recipients (RFC 5321 §4.5.3.1.10)
  refuse-after=N 554 at DATA once N messages were accepted
  silent         accept connections but never greet (no SMTP at all)
  stall-data     never answer the end of the message
  echo-secrets   refuse MAIL FROM with a reply that echoes the user and password and holds an escape
  hang-mail      never answer MAIL FROM
  garbage-mail   answer MAIL FROM with a line that is not SMTP every 0.2 s, forever
  drip-mail      answer MAIL FROM with "250-x" continuation lines every 0.2 s, never a last line
With USER:PASSWORD, AUTH is required (plain, on loopback).
"""
import asyncio, json, os, signal, socket, sys, threading
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

outdir, mode = sys.argv[1], sys.argv[2]
credentials = sys.argv[3].encode() if len(sys.argv) > 3 else None
flags = {}
for item in mode.split(","):
    name, _, value = item.partition("=")
    flags[name] = int(value) if value else True
os.makedirs(outdir, exist_ok=True)
state = {"data": 0, "saved": 0}


def event(line):
    with open(os.path.join(outdir, "events"), "a") as f:
        f.write(line + "\n")


class Sink:
    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        event("EHLO")
        session.host_name = hostname
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        event(f"MAIL {address}")
        if "reject-mail" in flags:
            return "552 5.3.4 Message size exceeds fixed limit"
        if "hang-mail" in flags:
            await asyncio.sleep(3600)
        if "garbage-mail" in flags or "drip-mail" in flags:
            line = b"250-x\r\n" if "drip-mail" in flags else b"garbage, not SMTP\r\n"
            while not server.transport.is_closing():
                server.transport.write(line)
                await asyncio.sleep(0.2)
            return "421 gone"
        if "echo-secrets" in flags:
            user, _, password = (credentials or b":").decode().partition(":")
            return f"550 5.7.1 no mail for {user} with {password} \x1b]0;owned\x07\x1b[2J"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        event(f"RCPT {address}")
        if "reject-rcpt" in flags:
            return "550 5.1.1 <%s>: Recipient address rejected: User unknown" % address
        if "limit" in flags and len(envelope.rcpt_tos) >= flags["limit"]:
            return "452 4.5.3 Error: too many recipients"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        event("DATA")
        state["data"] += 1
        if "tempfail-once" in flags and state["data"] == 1:
            return "451 4.3.0 Try again later"
        if "permfail" in flags:
            return "550 5.7.1 Message refused"
        if "refuse-after" in flags and state["saved"] >= flags["refuse-after"]:
            return "554 5.3.0 Transaction failed"
        if "drop" in flags:
            server.transport.abort()  # gone at once: no reply to the data ever reaches the client
            return "421 4.4.2 closing"
        if "stall-data" in flags:
            await asyncio.sleep(3600)
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


def serve_silently(listener):
    """Takes connections and holds them open without a word, as a hung server does."""
    held = []
    while True:
        connection, _ = listener.accept()
        event("connect")
        held.append(connection)


# aiosmtpd's controller checks the server by connecting to the port it was given, so it needs a
# concrete one: take a free port from the kernel (the gap before the server binds it is tiny).
probe = socket.socket()
probe.bind(("127.0.0.1", 0))
port = probe.getsockname()[1]
controller = None
if "silent" in flags:
    probe.listen(16)
    threading.Thread(target=serve_silently, args=(probe,), daemon=True).start()
else:
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
if controller:
    controller.stop()
