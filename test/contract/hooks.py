"""Signs the supplier's and the warehouse's messages as their real senders do (src/api/signatures.ts):
X-Signature is sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">. A case the fuzzer generated
without a signature (to see it refused) is left unsigned. The inbound-mail webhook's shared secret
is in schemathesis.toml; generated bodies are sent to it as the bytes of a message."""
import hashlib
import hmac
import json
import os
import time

import schemathesis

SENDERS = {
    "/supplier-replies": (os.environ["CONTRACT_SUPPLIER"], os.environ["CONTRACT_SUPPLIER_SECRET"]),
    "/receipts": ("warehouse", os.environ["CONTRACT_WAREHOUSE_SECRET"]),
}


@schemathesis.hook
def before_call(context, case, kwargs):
    sender = next((s for suffix, s in SENDERS.items() if case.operation.path.endswith(suffix)), None)
    headers = case.headers or {}
    if sender is None or case.method.upper() != "POST" or not any(k.lower() == "x-signature" for k in headers):
        return
    # The body exactly as requests sends a json= body.
    body = b"" if case.body is None or not isinstance(case.body, (dict, list, str, int, float, bool)) else json.dumps(case.body, allow_nan=False).encode()
    timestamp = str(int(time.time()))
    signature = hmac.new(sender[1].encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    kept = {k: v for k, v in headers.items() if k.lower() not in ("x-supplier", "x-timestamp", "x-signature")}
    case.headers = {**kept, "X-Supplier": sender[0], "X-Timestamp": timestamp, "X-Signature": f"sha256={signature}"}


@schemathesis.serializer("message/rfc822")
def rfc822(ctx, value):
    """A generated body goes out as the bytes of a message: text as it is, anything else as JSON text."""
    if isinstance(value, bytes):
        return value
    return (value if isinstance(value, str) else json.dumps(value)).encode()
