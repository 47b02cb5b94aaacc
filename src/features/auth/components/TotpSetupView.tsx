import { Box, TextField, Typography } from '@mui/material';
import { frTotp as t } from '../../../shared/i18n/frTotp';
import { SecretCode } from '../../../shared/ui/SecretCode';

/** A secret to add to an authenticator app: its QR code (made by the server) and its text. */
export function TotpSecretView({ secret, qr }: { secret: string; qr: string }) {
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2">{t.setupIntro}</Typography>
      <Box component="img" src={qr} alt={t.qrAlt} sx={{ display: 'block', width: 200, height: 200, my: 1, bgcolor: '#fff' }} />
      <Typography variant="body2">
        {t.secret} : <SecretCode testId="totp-secret">{secret}</SecretCode>
      </Typography>
    </Box>
  );
}

/** The recovery codes, shown once. */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  return (
    <Box sx={{ my: 1 }} aria-label={t.recoveryTitle} role="region">
      <Typography variant="subtitle1" component="h3">
        {t.recoveryTitle}
      </Typography>
      <Typography variant="body2">{t.recoveryText}</Typography>
      <Box component="ul" data-testid="recovery-codes" sx={{ columns: 2, fontFamily: 'monospace', pl: 3 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Box>
  );
}

/** The code field: a TOTP code or a recovery code. */
export function TotpCodeField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      label={t.code}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error ?? t.codeHelp}
      fullWidth
      margin="dense"
    />
  );
}
