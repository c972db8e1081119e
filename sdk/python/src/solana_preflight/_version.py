"""The SDK's release and the API version it speaks (docs/versioning.md: the API version is in the path)."""

__version__ = "0.1.0"
API_VERSION = "v1"
