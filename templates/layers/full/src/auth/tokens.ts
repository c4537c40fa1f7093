/** Access tokens are short-lived; the contract fixes their lifetime at 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;

export interface AccessToken {
  token: string;
  expiresIn: number;
}

export interface TokenPair {
  accessToken: AccessToken;
  refreshToken: string;
}
