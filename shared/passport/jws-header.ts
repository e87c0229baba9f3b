/** The protected header of the shop's JWS credentials (a certificate, the status list): ES256, vc+jwt. */
export interface JwsHeader {
  alg: 'ES256';
  typ: 'vc+jwt';
  kid: string;
}
