"""Files that other training frameworks load by path (``--remote_rm_url path/to/file.py``), each named by the
framework it serves. Nothing here is imported by ``import rewardkit``."""
