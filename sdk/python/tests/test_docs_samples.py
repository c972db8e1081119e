"""Every ```python block of docs/sdk-python.md and sdk/python/README.md, run against the service."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unittest
from typing import List

import harness

REPO_ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DOCUMENTS = ("docs/sdk-python.md", "sdk/python/README.md")
SAMPLE_SECONDS = 90


def get_python_samples(path: str) -> List[str]:
    with open(os.path.join(REPO_ROOT, path), encoding="utf-8") as file:
        return re.findall(r"```python\n(.*?)```", file.read(), flags=re.DOTALL)


class DocsSamplesTest(unittest.TestCase):
    def test_every_sample_runs(self) -> None:
        harness.require_service()
        for document in DOCUMENTS:
            samples = get_python_samples(document)
            self.assertGreater(len(samples), 0, f"{document} has python samples")
            for number, code in enumerate(samples, 1):
                with self.subTest(document=document, sample=number, first_line=code.splitlines()[1] if "\n" in code else code):
                    env = {
                        **os.environ,
                        "TRANSACTION_BASE64": harness.unsigned_transaction(),
                        "SIGNED_TRANSACTION_BASE64": harness.signed_transaction(),
                    }
                    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=SAMPLE_SECONDS)
                    self.assertEqual(run.returncode, 0, f"{document} sample {number}:\n{code}\n--- output ---\n{run.stdout}\n{run.stderr}")
                    self.assertTrue(run.stdout.strip() or "HTTPServer" in code, f"{document} sample {number} printed nothing")


if __name__ == "__main__":
    unittest.main()
