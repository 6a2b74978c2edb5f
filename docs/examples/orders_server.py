"""A small MCP server written with the MCP Python SDK (mcp 2.x, whose
`MCPServer` was called `FastMCP` in mcp 1.x): the server that
test_tool_schemas.py checks. In your project, this is your own server module.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from mcp.server.mcpserver import MCPServer

server = MCPServer("orders")

Status = Literal["open", "shipped", "cancelled"]


class Order(BaseModel):
    order_id: str = Field(description="The order's ID, for example ord_1001.")
    customer_id: str = Field(description="The ID of the customer who placed the order.")
    status: Status = Field(description="open: not shipped yet; shipped: on its way or delivered; cancelled: will not ship.")
    total_cents: int = Field(description="The order's total in cents, taxes included.")


ORDERS = [
    Order(order_id="ord_1001", customer_id="cus_123", status="shipped", total_cents=4599),
    Order(order_id="ord_1002", customer_id="cus_123", status="open", total_cents=1250),
    Order(order_id="ord_1003", customer_id="cus_456", status="cancelled", total_cents=999),
]


@server.tool()
def search_orders(
    customer_id: Annotated[str, Field(description="The customer's ID, as shown on their account page (for example cus_123).")],
    status: Annotated[
        Status,
        Field(description="Only orders in this state. open: not shipped yet; shipped: on its way or delivered; cancelled: will not ship."),
    ] = "open",
) -> list[Order]:
    """Find a customer's orders in one state. Returns the matching orders, newest first, with their totals.
    Use get_order instead when you already have an order ID. Read-only: it changes nothing."""
    found = [order for order in ORDERS if order.customer_id == customer_id and order.status == status]
    return sorted(found, key=lambda order: order.order_id, reverse=True)


@server.tool()
def get_order(
    order_id: Annotated[str, Field(description="The order's ID, for example ord_1001, as returned by search_orders.")],
) -> Order:
    """Get one order by its ID: its customer, state and total. Use search_orders to find the ID first
    when you only know the customer. Fails with an error naming the ID when no such order exists."""
    for order in ORDERS:
        if order.order_id == order_id:
            return order
    raise ValueError(f"no order {order_id}")
