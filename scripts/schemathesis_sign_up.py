"""Signs a sandbox user up through the API and prints its access token (used by scripts/schemathesis.sh).

The same steps as the browser tests: the phone, the one-time code read from the development inbox
(`/api/dev/otp-inbox`, sandbox only), then a PIN.
"""

import sys
import time

import requests

BASE = sys.argv[1]
HEADERS = {"x-device-id": "schemathesis", "x-platform": "desktop-web"}
PHONE = "081299887766"
PIN = "135792"


def post(path: str, body: dict) -> dict:
    """POSTs JSON and returns `data`, failing loudly on any other answer than 200."""
    response = requests.post(f"{BASE}{path}", json=body, headers=HEADERS, timeout=30)
    if response.status_code != 200:
        sys.exit(f"{path} answered {response.status_code}: {response.text}")
    return response.json()["data"]


def sign_up_code() -> str:
    """The sign-up code the sandbox sent to PHONE, waiting up to 10 s for it."""
    for _ in range(100):
        inbox = requests.get(f"{BASE}/api/dev/otp-inbox", params={"phone": PHONE}, timeout=30).json()["data"]
        codes = [message["code"] for message in inbox if message.get("code") and message.get("purpose") == "SIGNUP"]
        if codes:
            return codes[0]
        time.sleep(0.1)
    sys.exit(f"no sign-up code arrived for {PHONE}")


otp_id = post("/api/v1/user/signup/phone", {"phone": PHONE})["otpId"]
token = post("/api/v1/user/signup/verify-otp", {"otpId": otp_id, "code": sign_up_code()})["verificationToken"]
print(post("/api/v1/user/pin/register-pin", {"verificationToken": token, "pin": PIN})["accessToken"])
