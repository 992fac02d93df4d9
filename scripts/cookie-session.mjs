// A browser context signed in the way a reloaded page is: the refresh token set as the app's
// HttpOnly cookie, and the flag that tells the app a cookie session exists (it tries the cookie only
// then; packages/web/src/api/client.ts). Used by scripts/shoot.mjs and bench/web-load.ts.

/** Sets `refreshToken` as the session cookie of `context`, for the server at `baseUrl`. */
export async function signInFromCookie(context, baseUrl, refreshToken) {
  await context.addInitScript(`localStorage.setItem('vatio.session', '1')`);
  await context.addCookies([
    {
      name: 'vatio_refresh',
      value: refreshToken,
      domain: new URL(baseUrl).hostname,
      path: '/api/auth',
      httpOnly: true,
    },
  ]);
}

/**
 * The refresh token `context` holds now. Signing in from the cookie rotates it (and reusing an old
 * one revokes the session), so the next context must get this one, not `previous`.
 */
export async function rotatedRefreshToken(context, previous) {
  return (await context.cookies()).find((c) => c.name === 'vatio_refresh')?.value ?? previous;
}
