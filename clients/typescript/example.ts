// Plays your waiting turns with the first legal action, typed by the types openapi-typescript
// generates from the API's document (schema.d.ts: `npm run generate`). `npm run check` type-checks
// it; the suite does so against the document the server serves (tests/clients/).
import type { components, operations } from "./schema";

type Schemas = components["schemas"];
type Json<Op extends keyof operations, Status extends keyof operations[Op]["responses"]> =
  operations[Op]["responses"][Status] extends { content: { "application/json": infer Body } } ? Body : never;

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Schemas["Error"]) {
    super(`${status} ${body.code}: ${body.detail}`);
  }
}

async function call<T>(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token !== null) headers["Authorization"] = `Token ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const answer = await fetch(base + path, init);
  const json: unknown = await answer.json();
  if (!answer.ok) throw new ApiError(answer.status, json as Schemas["Error"]);
  return json as T;
}

export async function logIn(base: string, credentials: Schemas["AuthTokenRequest"]): Promise<string> {
  const answer = await call<Json<"log_in", 200>>(base, null, "POST", "/api/auth/token/", credentials);
  return answer.token;
}

export async function playWaitingTurns(base: string, token: string): Promise<Schemas["Move"][]> {
  const played: Schemas["Move"][] = [];
  const turns = await call<Json<"list_my_turns", 200>>(base, token, "GET", "/api/me/turns/");
  for (const turn of turns.turns) {
    const game = await call<Json<"get_game", 200>>(base, token, "GET", `/api/games/${turn.game}/`);
    const action = game.legal_actions[0];
    if (action === undefined) continue;
    const move: Schemas["MoveCreateRequest"] = { action, expected_move: game.move_count };
    try {
      played.push(await call<Json<"play_move", 201>>(base, token, "POST", `/api/games/${turn.game}/moves/`, move));
    } catch (error) {
      // 409: the game moved on since it was read (stale_move, not_your_turn); read it again next time.
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
  }
  return played;
}

export async function ladderNames(base: string, game: Schemas["GameEnum"]): Promise<string[]> {
  const names: string[] = [];
  let path: string | null = `/api/ladder/?game=${game}`;
  while (path !== null) {
    const page: Json<"list_ladder", 200> = await call(base, null, "GET", path);
    names.push(...page.results.map((entry) => entry.name));
    path = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return names;
}
