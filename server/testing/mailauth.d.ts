/** The part of mailauth (no types of its own) the tests use: DKIM verification with a resolver. */
declare module 'mailauth/lib/dkim/verify' {
  export interface DkimResult {
    signingDomain: string;
    selector: string;
    signingHeaders: { keys: string; headers: string[]; canonicalizedHeader: Buffer };
    status: { result: string; comment?: string; aligned?: string | false; header?: Record<string, string> };
    algo: string;
    format: string;
  }
  export function dkimVerify(
    input: Buffer | string,
    options?: { resolver?: (name: string, rr: string) => Promise<unknown> },
  ): Promise<{ headerFrom: string[]; envelopeFrom: string | false; results: DkimResult[] }>;
}
