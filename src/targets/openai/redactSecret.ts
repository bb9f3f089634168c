/**
 * Remove an API key from text that may reach a log, an archive or an error message. Besides the key
 * itself, anything shaped like a bearer token or an OpenAI-style key is masked, since servers echo
 * partial keys ("Incorrect API key provided: sk-abc***xyz").
 */
export function redactSecret(text: string, secret: string | undefined): string {
  let out = text;
  if (secret !== undefined && secret.length >= 4) out = out.split(secret).join('[redacted]');
  out = out.replace(/\bsk-[A-Za-z0-9_*\-]{6,}/g, 'sk-[redacted]');
  out = out.replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=\-]{8,}/gi, '$1[redacted]');
  return out;
}
