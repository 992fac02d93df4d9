import { createHmac } from 'node:crypto';
import type { LinkContactRequest, OtpRequest, VerifyRequest } from '@vatio/schemas';
import { AppError } from '../../errors.ts';
import type { Authenticated } from '../../kernel/authenticated.ts';
import {
  deriveKey,
  digestsEqual,
  generateOpaqueToken,
  generateOtpCode,
  hmacHex,
  sha256Hex,
} from '../../lib/crypto.ts';
import type { MailTransport } from '../../transports/mail.ts';
import type { SmsTransport } from '../../transports/sms.ts';
import { type AccessClaims, signAccessToken, verifyAccessToken } from './access-token.ts';
import { codeMessage, noAccountMessage } from './messages.ts';
import type { OtpRepository } from './otp.repository.ts';
import type { RefreshTokenRow, SessionRepository } from './session.repository.ts';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { LiveSessionChecks } from './live-session-checks.ts';
import { runAsBookkeeping, runAsRider } from '../../db/write-scope.ts';
import { setBounded } from '../../lib/bounded-map.ts';
import type { ContactColumn, UserRepository, UserRow } from './user.repository.ts';

// Limits from the foundation issue and spec 000 §9.
export const OTP_TTL_S = 10 * 60;
export const OTP_RESEND_AFTER_S = 60;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Codes one contact may be sent per hour from one client address. Counted per contact AND address
 * (issue 16): counted per contact alone, a stranger asking five times for a rider's address locked
 * the rider out for an hour.
 */
export const OTP_MAX_PER_CONTACT_AND_ADDRESS_PER_HOUR = 5;
/**
 * The ceiling per contact from all addresses together, so nobody can flood a mailbox or an SMS
 * bill from many addresses. When it is reached no code is sent, and the latest code already sent
 * stays valid: the owner, who received it, can still sign in with it.
 */
export const OTP_MAX_PER_CONTACT_PER_HOUR = 20;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
/**
 * How long after a rotation the token it spent still answers, with its session's current refresh
 * token and a fresh access token, instead of counting as reuse (which revokes the session).
 *
 * Why: two tabs, or a page reloaded while its refresh was on the wire, can present the token the
 * server has just rotated; strict single use then signs the rider out everywhere for nothing. The
 * identity providers keep such a window for exactly this: Auth0's "reuse interval" ("leeway time
 * between request and response before triggering automatic reuse detection … only the previous
 * token can be reused"), Okta's rotation grace period (0–60 s, 30 s by default), Amazon Cognito's
 * RetryGracePeriodSeconds (≤ 60 s), Supabase's refresh token reuse interval (10 s). The OAuth 2.0
 * Security BCP (RFC 9700 §4.14.2) asks rotation to detect reuse; a short window keeps that: a token
 * presented later than this still revokes its whole family. 30 s covers a slow mobile round trip
 * and a reload, and bounds what a thief holding the previous token could do to that same window.
 */
export const REFRESH_REUSE_INTERVAL_S = 30;
/** Rotations followed within the window (several reloads in a row); a longer chain is reuse. */
const MAX_REUSE_HOPS = 4;
const HOUR_MS = 3600_000;
/** How long an address a contact signed in from stays known (exempt from the per-contact ceiling). */
const KNOWN_ADDRESS_MS = 30 * 24 * HOUR_MS;

export interface AuthDeps {
  users: UserRepository;
  otps: OtpRepository;
  sessions: SessionRepository;
  mail: MailTransport;
  sms: SmsTransport;
  secretKey: Buffer;
  publicUrl: string;
  otpRequestsPerIpPerHour: number;
  /** Failed code verifications one client address may make per hour before it is answered 429. */
  otpVerifyFailuresPerIpPerHour: number;
  now: () => Date;
  /** Spares the session query while nothing was written (embedded database; db/write-epoch.ts). */
  writes: WriteEpoch;
  /** Checks personal API keys (bearers starting with `vatio_`); without it they are refused. */
  apiKeys?: ApiKeyAuthenticator;
}

export interface ApiKeyAuthenticator {
  authenticate(secret: string, method: string): Promise<Authenticated>;
}

/** Personal API keys start with this; signed access tokens never do. */
const API_KEY_MARKER = 'vatio_';

/** Sessions remembered as live at a write epoch; more are forgotten oldest first. */
const MAX_REMEMBERED_SESSIONS = 10_000;

/** Access tokens whose signature was checked, remembered with their claims; more are forgotten oldest first. */
const MAX_VERIFIED_TOKENS = 10_000;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
}

type CodePurpose = { purpose: 'sign_in' } | { purpose: 'link'; userId: string };

type Contact = { type: 'email' | 'sms'; column: ContactColumn; value: string };

function contactOf(input: { email: string } | { phone: string }): Contact {
  return 'email' in input
    ? { type: 'email', column: 'email', value: input.email }
    : { type: 'sms', column: 'phone', value: input.phone };
}

export class AuthService {
  private readonly otpKey: Buffer;
  private readonly accessKey: Buffer;
  /** Derives each refresh token's successor from it (see successorOf). */
  private readonly successorKey: Buffer;
  /** Session id → write epoch at which it was last seen live (not revoked). */
  private readonly liveAt = new Map<string, number>();
  /**
   * Token → its claims, once its signature checked out. A rider's browser sends the same token for
   * its 15 minutes, so the HMAC and the JSON parse run once per token instead of once per request.
   * Keyed by the whole token, signature included, so only a correctly signed token can ever match;
   * the expiry is still checked on every request, and revocation is the session check below.
   */
  private readonly verified = new Map<string, AccessClaims>();
  /** PostgreSQL: each request's session check, with the rider's write version, gathered into few queries. */
  private readonly liveSessions: LiveSessionChecks;

  constructor(private readonly deps: AuthDeps) {
    this.liveSessions = new LiveSessionChecks(deps.sessions);
    this.otpKey = deriveKey(deps.secretKey, 'otp');
    this.accessKey = deriveKey(deps.secretKey, 'access-token');
    this.successorKey = deriveKey(deps.secretKey, 'refresh-successor');
  }

  private hashCode(contact: Contact, code: string): string {
    return hmacHex(this.otpKey, `${contact.type}:${contact.value}:${code}`);
  }

  /**
   * Sends a code, or, to a contact with no account when `create_user` is false, a notice with a
   * sign-up link. Either way the caller learns nothing about whether the account exists: same
   * answer, same limits, a row stored in both cases so both count towards them.
   */
  async requestOtp(input: OtpRequest, ip: string): Promise<void> {
    const contact = contactOf(input);
    await this.enforceLimits(contact, ip);
    const user = await this.deps.users.findByContact(contact.column, contact.value);
    // The built-in example rider (issue 13) has a contact nobody owns; no code is ever issued for it.
    if (user?.is_example) throw new AppError('EXAMPLE_NO_SIGN_IN');
    const issueCode = user !== undefined || input.create_user === true;
    await this.sendCode(contact, ip, input.language ?? 'en', issueCode ? { purpose: 'sign_in' } : null);
  }

  /** A signed-in rider adds a sign-in contact (an e-mail or a phone) after proving they own it. */
  async requestLinkCode(userId: string, input: LinkContactRequest, ip: string): Promise<void> {
    const contact = contactOf(input);
    await this.enforceLimits(contact, ip);
    await this.sendCode(contact, ip, input.language ?? 'en', { purpose: 'link', userId });
  }

  async verifyOtp(
    input: VerifyRequest,
    userAgent: string | null,
    ip: string,
  ): Promise<{ tokens: TokenPair; user: UserRow }> {
    const contact = contactOf(input);
    const existing = await this.deps.users.findByContact(contact.column, contact.value);
    if (existing?.is_example) throw new AppError('EXAMPLE_NO_SIGN_IN');
    await this.countingFailures(ip, () => this.consumeCode(contact, input.token, { purpose: 'sign_in' }, ip));
    // A rider signing up in Spanish gets Spanish settings (ride names, messages) from the start. Only a
    // new rider's rows are written, which no kept answer holds yet (they had no session): bookkeeping.
    const user = await runAsBookkeeping(() =>
      this.deps.users.findOrCreate(contact.column, contact.value, input.language),
    );
    const tokens = await this.startSession(user.id, userAgent, this.deps.now());
    return { tokens, user };
  }

  /** Links the contact to the rider; 409 when another account already signs in with it. */
  async verifyLink(userId: string, input: VerifyRequest, ip: string): Promise<UserRow> {
    const contact = contactOf(input);
    await this.countingFailures(ip, () =>
      this.consumeCode(contact, input.token, { purpose: 'link', userId }, ip),
    );
    const user = await this.deps.users.setContact(userId, contact.column, contact.value);
    if (!user) throw new AppError('CONTACT_IN_USE');
    return user;
  }

  private async enforceLimits(contact: Contact, ip: string): Promise<void> {
    const now = this.deps.now();
    const activity = await this.deps.otps.recentActivity(
      contact.value,
      ip,
      new Date(now.getTime() - HOUR_MS),
    );
    // The wait between two codes counts per contact AND address (issue 28): counted per contact, a
    // stranger asking every minute kept the rider waiting.
    if (activity.lastForContactAndIpAt) {
      const sinceLastS = (now.getTime() - activity.lastForContactAndIpAt.getTime()) / 1000;
      if (sinceLastS < OTP_RESEND_AFTER_S) {
        throw new AppError('RATE_LIMITED', 'Wait before asking for another code.', {
          retry_after_s: Math.ceil(OTP_RESEND_AFTER_S - sinceLastS),
        });
      }
    }
    if (activity.byContactAndIp >= OTP_MAX_PER_CONTACT_AND_ADDRESS_PER_HOUR) {
      const first = activity.firstForContactAndIpAt?.getTime() ?? now.getTime();
      throw new AppError('RATE_LIMITED', 'Too many codes for this contact. Try again later.', {
        retry_after_s: Math.max(1, Math.ceil((first + HOUR_MS - now.getTime()) / 1000)),
      });
    }
    if (
      activity.byContact >= OTP_MAX_PER_CONTACT_PER_HOUR &&
      // An address the contact signed in from (30 days) is not refused by the ceiling (issue 28):
      // strangers on four addresses using up the hour's twenty codes cannot keep the rider out.
      // It stays bounded by the five codes an hour per contact and address.
      !(await this.deps.otps.isKnownAddress(contact.value, ip, new Date(now.getTime() - KNOWN_ADDRESS_MS)))
    ) {
      const first = activity.firstForContactAt?.getTime() ?? now.getTime();
      throw new AppError(
        'RATE_LIMITED',
        'Too many codes for this contact. The latest code sent still works; otherwise try again later.',
        { retry_after_s: Math.max(1, Math.ceil((first + HOUR_MS - now.getTime()) / 1000)) },
      );
    }
    if (activity.byIp >= this.deps.otpRequestsPerIpPerHour) {
      throw new AppError('RATE_LIMITED', 'Too many codes from this address. Try again later.', {
        retry_after_s: 3600,
      });
    }
  }

  /**
   * 429 with Retry-After for an address that failed too many verifications in the last hour, or
   * undefined while it is under the limit.
   */
  private async verifyLimit(ip: string): Promise<AppError | undefined> {
    const now = this.deps.now();
    const failures = await this.deps.otps.verifyFailures(ip, new Date(now.getTime() - HOUR_MS));
    if (failures.count < this.deps.otpVerifyFailuresPerIpPerHour) return undefined;
    const first = failures.firstAt?.getTime() ?? now.getTime();
    return new AppError('OTP_VERIFY_LIMITED', undefined, {
      retry_after_s: Math.max(1, Math.ceil((first + HOUR_MS - now.getTime()) / 1000)),
    });
  }

  /**
   * Runs a code check and records a failure by address when the code was refused. The address
   * limit is applied only to a refused code (issue 28): many riders share one address (a club, an
   * office, a carrier's NAT), and refusing their right codes once strangers behind it had failed
   * twenty locked them all out. Guessing stays bounded by each code's own tries (five from the
   * address that asked, five from anywhere else), which the limit never lifts: past it a wrong
   * code is answered 429, so the address learns nothing more than from a 400.
   */
  private async countingFailures(ip: string, check: () => Promise<void>): Promise<void> {
    // The check starts only once the limit is read: started before, its refusal could settle while
    // nothing awaited it yet, an unhandled rejection that PostgreSQL's real I/O made happen (CI).
    const limited = await this.verifyLimit(ip);
    try {
      await check();
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === 'OTP_INVALID' || error.code === 'OTP_TOO_MANY_ATTEMPTS')
      ) {
        const now = this.deps.now();
        await this.deps.otps.recordVerifyFailure(ip, now, new Date(now.getTime() - HOUR_MS));
        if (limited) throw limited;
      }
      throw error;
    }
  }

  /** Stores and delivers a code for `purpose`, or, when `purpose` is null, the no-account notice. */
  private async sendCode(contact: Contact, ip: string, language: 'es' | 'en', purpose: CodePurpose | null) {
    const { otps } = this.deps;
    const now = this.deps.now();
    const code = purpose ? generateOtpCode() : null;
    const row = await otps.insert({
      contact_type: contact.type,
      contact: contact.value,
      purpose: purpose?.purpose ?? 'sign_in',
      user_id: purpose?.purpose === 'link' ? purpose.userId : null,
      code_hash: code ? this.hashCode(contact, code) : '',
      request_ip: ip,
      created_at: now,
      expires_at: new Date(now.getTime() + OTP_TTL_S * 1000),
    });
    if (code && purpose) await otps.retireOthers(contact.value, purpose.purpose, ip, row.id, now);

    const message = !code
      ? noAccountMessage(language, `${this.deps.publicUrl}/auth/signup`)
      : purpose?.purpose === 'link'
        ? codeMessage(language, code, `${this.deps.publicUrl}/profile`)
        : codeMessage(language, code, this.signInLink(contact, code));
    try {
      if (contact.type === 'email') {
        await this.deps.mail.send({
          to: contact.value,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } else {
        await this.deps.sms.send({ to: contact.value, text: message.sms });
      }
    } catch (error) {
      await otps.consume(row.id, now);
      throw new AppError('DELIVERY_FAILED', undefined, {}, error);
    }
  }

  private signInLink(contact: Contact, code: string): string {
    const params = new URLSearchParams({ [contact.column]: contact.value, code });
    return `${this.deps.publicUrl}/auth/callback?${params.toString()}`;
  }

  /**
   * Checks a code in constant time against each live code of the contact and spends the one it
   * matches. Each try is taken before comparing, from one of two budgets per code (issue 28): five
   * for the address that asked for it, five for all other addresses together. A stranger's wrong
   * codes use up only the second, so the code the rider asked for keeps working from where they
   * asked; at most ten comparisons ever happen per code, so a six-digit code stays out of reach of
   * guessing (≤ 10 in 10⁶ per code).
   */
  private async consumeCode(
    contact: Contact,
    token: string,
    purpose: CodePurpose,
    ip: string,
  ): Promise<void> {
    const { otps } = this.deps;
    const now = this.deps.now();
    const rows = await otps.liveCodes(contact.type, contact.value, purpose, now);
    if (rows.length === 0) throw new AppError('OTP_INVALID');
    const hash = this.hashCode(contact, token);
    let triesLeft = false;
    for (const row of rows) {
      const budget = row.request_ip === ip ? 'attempts' : 'stranger_attempts';
      const attempt = await otps.takeAttempt(row.id, OTP_MAX_ATTEMPTS, budget);
      if (attempt === undefined) continue;
      if (digestsEqual(hash, row.code_hash)) {
        if (!(await otps.consume(row.id, now))) throw new AppError('OTP_INVALID');
        await otps.rememberAddress(contact.value, ip, now, new Date(now.getTime() - KNOWN_ADDRESS_MS));
        return;
      }
      if (attempt < OTP_MAX_ATTEMPTS) triesLeft = true;
    }
    throw new AppError(triesLeft ? 'OTP_INVALID' : 'OTP_TOO_MANY_ATTEMPTS');
  }

  private startSession(userId: string, userAgent: string | null, now: Date): Promise<TokenPair> {
    // The rider's own rows: their writes move only their write epoch (db/write-scope.ts), so one
    // rider signing in leaves every other rider's kept answers kept.
    return runAsRider(userId, async () => {
      const sessionId = await this.deps.sessions.create(userId, userAgent, now);
      return this.issueTokens(userId, sessionId, now);
    });
  }

  private async issueTokens(userId: string, sessionId: string, now: Date): Promise<TokenPair> {
    const refreshToken = generateOpaqueToken();
    await this.deps.sessions.addRefreshToken(
      sessionId,
      userId,
      sha256Hex(refreshToken),
      now,
      new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
    );
    return this.pairWith(userId, sessionId, refreshToken, now);
  }

  /** A fresh access token for the session, delivered with `refreshToken`. */
  private pairWith(userId: string, sessionId: string, refreshToken: string, now: Date): TokenPair {
    const iat = Math.floor(now.getTime() / 1000);
    const claims: AccessClaims = { sub: userId, sid: sessionId, iat, exp: iat + ACCESS_TOKEN_TTL_S };
    return {
      access_token: signAccessToken(this.accessKey, claims),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_S,
      token_type: 'bearer',
    };
  }

  /**
   * The refresh token a rotation of `token` issues: an HMAC of it under a key derived from the
   * server secret. Only the server can compute it (a stolen token does not tell its successor), the
   * database still holds nothing but SHA-256 hashes, and a late copy of `token` presented within the
   * reuse interval can be answered with the very token its rotation already issued: both tabs then
   * hold the same cookie, whichever answer lands last.
   */
  private successorOf(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  /**
   * Rotates a refresh token. Each works once: presenting a spent one means it was stolen or
   * replayed, so the whole session (and every token issued after it) is revoked, except within
   * REFRESH_REUSE_INTERVAL_S of its rotation, where it gets the session's current token again.
   */
  async refresh(refreshToken: string): Promise<{ tokens: TokenPair; user: UserRow }> {
    const found = await this.deps.sessions.findRefreshToken(sha256Hex(refreshToken));
    if (!found) throw new AppError('REFRESH_INVALID');
    // Writes of this rider's rows only (db/write-scope.ts): every 15 minutes per signed-in rider,
    // they must not send every other rider's kept answers to be computed again.
    return runAsRider(found.user_id, () => this.rotate(refreshToken, found));
  }

  private async rotate(
    refreshToken: string,
    found: RefreshTokenRow,
  ): Promise<{ tokens: TokenPair; user: UserRow }> {
    const { sessions, users, now: clock } = this.deps;
    const now = clock();
    let row: RefreshTokenRow | undefined = found;
    if (row.used_at === null) {
      if (row.expires_at.getTime() <= now.getTime()) throw new AppError('REFRESH_INVALID');
      const session = await sessions.findLive(row.session_id, row.user_id);
      const user = await users.findById(row.user_id);
      if (!session || !user) throw new AppError('REFRESH_INVALID');
      const successor = this.successorOf(refreshToken);
      const rotated = await sessions.rotateRefreshToken(row.id, now, {
        sessionId: row.session_id,
        userId: row.user_id,
        tokenHash: sha256Hex(successor),
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
      });
      if (rotated) {
        await sessions.touch(session.id, now);
        return { tokens: this.pairWith(row.user_id, row.session_id, successor, now), user };
      }
      // A concurrent rotation of the same token won: read its spending time, and answer as below.
      row = await sessions.findRefreshToken(sha256Hex(refreshToken));
      if (!row) throw new AppError('REFRESH_INVALID');
    }
    const current = await this.currentWithinReuseInterval(refreshToken, row.used_at, now);
    if (current) {
      const session = await sessions.findLive(row.session_id, row.user_id);
      const user = await users.findById(row.user_id);
      if (!session || !user) throw new AppError('REFRESH_INVALID');
      return { tokens: this.pairWith(row.user_id, row.session_id, current, now), user };
    }
    await sessions.revoke(row.session_id, row.user_id, now);
    throw new AppError(
      'REFRESH_INVALID',
      'The refresh token was already used; the session has been revoked.',
    );
  }

  /**
   * The session's live refresh token when `token` was spent less than REFRESH_REUSE_INTERVAL_S ago,
   * following rotations made within the window too (a few reloads in a row); otherwise undefined.
   */
  private async currentWithinReuseInterval(
    token: string,
    usedAt: Date | null,
    now: Date,
  ): Promise<string | undefined> {
    const since = now.getTime() - REFRESH_REUSE_INTERVAL_S * 1000;
    let spentAt = usedAt;
    let candidate = token;
    for (let hop = 0; hop < MAX_REUSE_HOPS; hop++) {
      if (spentAt === null || spentAt.getTime() <= since) return undefined;
      candidate = this.successorOf(candidate);
      const next = await this.deps.sessions.findRefreshToken(sha256Hex(candidate));
      if (!next || next.expires_at.getTime() <= now.getTime()) return undefined;
      if (next.used_at === null) return candidate;
      spentAt = next.used_at;
    }
    return undefined;
  }

  /**
   * Checks a bearer: an access token (signature, expiry, and that its session was not revoked) or a
   * personal API key (refused with 403 where `sessionOnly`, or where its scope forbids `method`).
   */
  async authenticate(
    authorization: string | undefined,
    options: { method?: string; sessionOnly?: boolean } = {},
  ): Promise<Authenticated> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw new AppError('UNAUTHORIZED');
    if (match[1]!.startsWith(API_KEY_MARKER)) {
      if (!this.deps.apiKeys) throw new AppError('UNAUTHORIZED');
      // Where keys are not allowed at all, say so rather than blaming the key's scope.
      const method = options.sessionOnly ? 'GET' : (options.method ?? 'GET');
      const viaKey = await this.deps.apiKeys.authenticate(match[1]!, method);
      if (options.sessionOnly) throw new AppError('API_KEY_NOT_ALLOWED');
      return viaKey;
    }
    const claims = this.verifiedClaims(match[1]!, Math.floor(this.deps.now().getTime() / 1000));
    if (!claims) throw new AppError('UNAUTHORIZED');
    if (this.deps.writes.versionsInDatabase) {
      const writeVersion = await this.liveSessions.writeVersionIfLive(claims.sid, claims.sub);
      if (writeVersion === undefined) throw new AppError('UNAUTHORIZED');
      return { userId: claims.sub, sessionId: claims.sid, apiKeyId: null, writeVersion };
    }
    // A revocation is a write of the rider's (or an unattributed one), so while the rider's epoch
    // stands still a session seen live is still live.
    const stamp = this.deps.writes.stamp(claims.sub);
    if (stamp === undefined || this.liveAt.get(claims.sid) !== stamp) {
      const session = await this.deps.sessions.findLive(claims.sid, claims.sub);
      if (!session) {
        this.liveAt.delete(claims.sid);
        throw new AppError('UNAUTHORIZED');
      }
      if (stamp !== undefined) this.rememberLive(claims.sid, stamp);
    }
    return { userId: claims.sub, sessionId: claims.sid, apiKeyId: null };
  }

  private verifiedClaims(token: string, nowS: number): AccessClaims | null {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > nowS) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = verifyAccessToken(this.accessKey, token, nowS);
    if (claims) setBounded(this.verified, token, claims, MAX_VERIFIED_TOKENS);
    return claims;
  }

  private rememberLive(sessionId: string, stamp: number): void {
    setBounded(this.liveAt, sessionId, stamp, MAX_REMEMBERED_SESSIONS);
  }

  async logout(auth: Authenticated): Promise<void> {
    if (auth.sessionId === null) throw new AppError('API_KEY_NOT_ALLOWED');
    await this.deps.sessions.revoke(auth.sessionId, auth.userId, this.deps.now());
  }

  /**
   * Signs the rider out of every device: every session is revoked, so every refresh token of every
   * family stops working, and so does every access token already handed out. Access tokens are
   * stateless JWTs, but each names its session (`sid`) and authenticate() checks that session on
   * every request (the verified-claims cache keeps only signatures; the live-session memory is
   * keyed by the write epoch, which this revocation moves), so no per-rider "valid after" stamp is
   * needed. Personal API keys are separate credentials, revoked one by one in Settings.
   */
  async logoutEverywhere(auth: Authenticated): Promise<number> {
    if (auth.sessionId === null) throw new AppError('API_KEY_NOT_ALLOWED');
    return this.deps.sessions.revokeAllOfUser(auth.userId, this.deps.now());
  }
}
