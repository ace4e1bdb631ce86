import pytest
from client import Client


@pytest.fixture
def client(tmp_path):
    """`meeple serve` run in tmp_path, which is also its save directory."""
    served = Client(cwd=tmp_path, args=("--save-dir", str(tmp_path)))
    yield served
    assert served.close() == 0, "the server exits cleanly at the end of input"
