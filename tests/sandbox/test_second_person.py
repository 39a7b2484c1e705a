"""The demo laboratory's second person (its QC desk): own sign-in and /me, the lab's cases."""

from __future__ import annotations

from scaninbox.sandbox import DEMO_ACCOUNT, QC_ACCOUNT, SandboxServer
from tests.sandbox.helpers import client_for, login


def test_the_qc_desk_signs_in_to_the_demo_laboratory_as_herself(sandbox: SandboxServer) -> None:
    with client_for(sandbox) as client:
        response = client.post(
            "/auth/login", json={"email": QC_ACCOUNT.email, "password": QC_ACCOUNT.password}
        )
        assert response.status_code == 200, response.text
        qc = {"Authorization": f"Bearer {response.json()['token']}"}
        demo = login(client)
        me_qc = client.get("/me", headers=qc).json()
        me_demo = client.get("/me", headers=demo).json()
        cases_qc = client.get("/unified-cases", headers=qc).json()
        cases_demo = client.get("/unified-cases", headers=demo).json()
        wrong = client.post("/auth/login", json={"email": QC_ACCOUNT.email, "password": "x"})
    assert (me_qc["email"], me_qc["name"]) == (QC_ACCOUNT.email, "Quinn Checker")
    assert me_demo["email"] == DEMO_ACCOUNT.email
    assert me_qc["organizations"] == me_demo["organizations"]  # one laboratory
    assert cases_qc == cases_demo
    assert wrong.status_code == 401
