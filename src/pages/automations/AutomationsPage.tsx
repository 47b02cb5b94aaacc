import { useSelector } from 'react-redux';
import { AutomationEditor, AutomationsSection } from '../../features/automations';
import { frConsole } from '../../shared/i18n/frConsole';
import { selectSessionUser } from '../../shared/session';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';
import { useConsoleAddress } from '../influenceur/useConsoleAddress';

/** `/influenceur/automatisations[/{id}]`: the operator's automations, one opened at its address. */
export default function AutomationsPage() {
  const routing = useConsoleAddress('automatisations');
  const user = useSelector(selectSessionUser);
  if (!user) return null;
  return (
    <BackOfficeFrame title={frConsole.automations.title}>
      {routing.openId === null ? (
        <AutomationsSection user={user.id} href={routing.href} onOpen={routing.open} />
      ) : (
        <AutomationEditor id={routing.openId} user={user.id} onClose={routing.close} />
      )}
    </BackOfficeFrame>
  );
}
