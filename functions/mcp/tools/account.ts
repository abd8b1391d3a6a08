import { z } from 'zod';
import { MAX_ORDER_LEGS } from '@shared/trading/order';
import { OccSymbol, READS, routeTool, WRITES, type ToolContext } from '../tool';

const TRADE_SCOPE = "Needs a token with the 'trade' scope (or a signed-in browser session).";
const WHEN_CLOSED =
  "While the market is closed: 'next-session' (default) keeps the order queued until the next session opens; 'last-close' fills it now at the last close, a practice shortcut the fill is labelled with.";

export const getPortfolio = routeTool({
  name: 'get_portfolio',
  title: 'Paper portfolio',
  description:
    "The learner's paper trading account: cash, buying power, equity, realized and unrealized P&L, fees; each position with its quantity, side, average price, mark and Greeks, grouped into strategies; the portfolio's Greeks; and recent activity. Answers an error in words when the learner has not opened a paper account yet.",
  input: {},
  annotations: READS,
  route: 'GET /api/portfolio',
});

export const listOrders = routeTool({
  name: 'list_orders',
  title: 'Paper orders',
  description:
    "The paper account's orders, newest first (at most 200): each with its legs, type, limit price, status (open, filled, canceled, expired), fills with prices and commissions, and why it was closed or refused where that applies. Use an open order's orderId with cancel_order.",
  input: { status: z.enum(['open', 'filled', 'canceled', 'expired']).optional().describe('Only orders with this status') },
  annotations: READS,
  route: 'GET /api/orders',
  request: ({ status }) => ({ query: { status } }),
});

const OrderLeg = z.object({
  contract: OccSymbol,
  side: z.enum(['buy', 'sell']).describe('Buy to open or close a short; sell to open a short or close a long'),
  quantity: z.number().int('must be a whole number of contracts').min(1, 'must be at least 1').max(10_000, 'at most 10,000 contracts'),
});

const orderInput = {
  legs: z
    .array(OrderLeg)
    .min(1, 'an order needs at least one leg')
    .max(MAX_ORDER_LEGS, `an order has at most ${MAX_ORDER_LEGS} legs`)
    .describe('The legs, traded together as one order (a spread is one order)'),
  type: z.enum(['market', 'limit']).default('market').describe('Market (fills at the quotes) or limit (at the net price or better)'),
  limitPrice: z
    .number()
    .finite()
    .min(-100_000)
    .max(100_000)
    .optional()
    .describe(
      'For a limit order, dollars per share. One leg: the most to pay (buy) or the least to take (sell). Several legs: the net price of one unit of the ratio, positive for a net debit, negative for a net credit',
    ),
  strategy: z.string().max(60).optional().describe('A name for the position, e.g. "Bull Call Spread"; shown in the portfolio and the journal'),
  whenClosed: z.enum(['next-session', 'last-close']).optional().describe(WHEN_CLOSED),
  clientOrderId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only')
    .optional()
    .describe('Your own id for the order: sending the same id again returns the first order instead of placing another (safe retries)'),
};

type OrderArgs = z.output<z.ZodObject<typeof orderInput>>;

/** The body of POST /api/orders (and of the pre-trade check): the paper account, a day order. */
const orderBody = (args: OrderArgs, ctx: ToolContext) => ({
  clientOrderId: args.clientOrderId ?? `mcp-${ctx.newId()}`,
  type: args.type,
  ...(args.limitPrice !== undefined ? { limitPrice: args.limitPrice } : {}),
  timeInForce: 'day',
  legs: args.legs,
  ...(args.strategy ? { strategy: args.strategy } : {}),
  ...(args.whenClosed ? { whenClosed: args.whenClosed } : {}),
});

export const checkOrder = routeTool({
  name: 'check_order',
  title: 'Check an order',
  description:
    'The pre-trade checks an order would meet on the paper account, without placing it: order validity, buying power, the options level, naked shorts, pattern day trading, margin; whether it can proceed; its cost; and when it would fill (now, the next session, or the last close). Same arguments as place_order.',
  input: orderInput,
  annotations: READS,
  route: 'POST /api/compliance/pretrade',
  request: (args, ctx) => ({ body: orderBody(args, ctx) }),
});

export const placeOrder = routeTool({
  name: 'place_order',
  title: 'Place a paper order',
  description: `Places an order of one to ${MAX_ORDER_LEGS} option legs on the learner's paper account (a spread is one order), under every rule a browser order meets: buying power, the options level, naked shorts, pattern day trading. When a check refuses it, the answer is an error that says which check and why. The order is marked as placed by this agent. ${TRADE_SCOPE}`,
  input: orderInput,
  annotations: WRITES(false),
  route: 'POST /api/orders',
  request: (args, ctx) => ({ body: orderBody(args, ctx) }),
});

export const cancelOrder = routeTool({
  name: 'cancel_order',
  title: 'Cancel a paper order',
  description: `Cancels an open (resting or queued) order on the paper account; a filled order cannot be canceled. ${TRADE_SCOPE}`,
  input: {
    orderId: z
      .string()
      .regex(/^[0-9A-Za-z-]{1,64}$/, 'must be an order id')
      .describe('The orderId from list_orders or place_order'),
  },
  annotations: WRITES(true),
  route: 'DELETE /api/orders/{id}',
  request: ({ orderId }) => ({ params: { id: orderId } }),
});

export const closePosition = routeTool({
  name: 'close_position',
  title: 'Close a paper position',
  description: `Closes all or part of one position of the paper account at the market (sells a long, buys back a short). ${TRADE_SCOPE}`,
  input: {
    contract: OccSymbol,
    quantity: z
      .number()
      .int('must be a whole number of contracts')
      .min(1, 'must be at least 1')
      .optional()
      .describe('How many contracts; default the whole position'),
    whenClosed: z.enum(['next-session', 'last-close']).optional().describe(WHEN_CLOSED),
    clientOrderId: orderInput.clientOrderId,
  },
  annotations: WRITES(true),
  route: 'POST /api/positions/{contract}/close',
  request: ({ contract, quantity, whenClosed, clientOrderId }, ctx) => ({
    params: { contract },
    body: { clientOrderId: clientOrderId ?? `mcp-${ctx.newId()}`, ...(quantity !== undefined ? { quantity } : {}), ...(whenClosed ? { whenClosed } : {}) },
  }),
});

export const ACCOUNT_TOOLS = [getPortfolio, listOrders, checkOrder, placeOrder, cancelOrder, closePosition];
