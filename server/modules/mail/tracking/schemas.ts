import { MediaAnswer, RedirectAnswer } from '../../../shared/schemas';

export const ClickAnswer = RedirectAnswer('Vers le lien du message.');

export const OpenPixelAnswer = MediaAnswer('Une image GIF transparente de 1×1 pixel.', 'image/gif', { type: 'string', format: 'binary' });

/** The unsubscribe page answers HTML, its refusals too (an unknown link is a page that says so). */
export const UnsubscribePageAnswer = MediaAnswer('La page de désabonnement (HTML).', 'text/html');
