#!/usr/bin/env python3
"""Reads a received message with Python's email package (a real MIME parser) and prints what the
mail tests check, as JSON. Usage: read_mail.py MESSAGE.eml ATTACHMENT_DIR"""
import email, json, os, re, struct, sys
from email import policy

message = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=policy.default)
outdir = sys.argv[2]
os.makedirs(outdir, exist_ok=True)
summary = {"subject": str(message["subject"]), "to": str(message["to"] or ""), "cc": str(message["cc"] or ""),
           "has_bcc_header": "bcc" in {k.lower() for k in message.keys()}, "date": str(message["date"] or ""),
           "message_id": str(message["message-id"] or ""), "structure": [], "html_cids": [], "images": {},
           "attachments": [], "text": ""}
raw = open(sys.argv[1], "rb").read()
summary["bare_lf"] = bool(re.search(rb"(?<!\r)\n", raw))
summary["longest_line"] = max(len(line) for line in raw.split(b"\r\n"))
for part in message.walk():
    ctype = part.get_content_type()
    summary["structure"].append(ctype)
    if ctype == "text/html":
        summary["html"] = part.get_content()
        summary["html_cids"] = re.findall(r'src="cid:([^"]+)"', part.get_content())
        summary["html_widths"] = re.findall(r'<img [^>]*width="([0-9]+)"', part.get_content())
    elif ctype == "text/plain":
        summary["text"] = part.get_content()
    elif ctype == "image/png" and part.get("Content-ID"):
        data = part.get_payload(decode=True)
        ok = data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24]) if ok else (0, 0)
        summary["images"][part["Content-ID"].strip("<>")] = {"png": ok, "width": width, "height": height, "disposition": part.get_content_disposition()}
    elif part.get_content_disposition() == "attachment":
        path = os.path.join(outdir, os.path.basename(part.get_filename()))
        with open(path, "wb") as f:
            f.write(part.get_payload(decode=True))
        params = [k for k, _ in part.get_params(header="content-disposition")[1:]] + [k for k, _ in part.get_params()[1:]]
        summary["attachments"].append({"filename": part.get_filename(), "type": ctype, "path": path, "parameters": sorted(set(params))})
print(json.dumps(summary, ensure_ascii=False))
