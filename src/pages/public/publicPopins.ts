import { createContext, useContext } from 'react';

export interface PublicPopins {
  openSignup: () => void;
  openLogin: () => void;
  /** The hidden subscribe dialog (spec §2.3): no control opens it, code may. */
  openSubscribe: () => void;
}

const none = () => undefined;

export const PublicPopinsContext = createContext<PublicPopins>({ openSignup: none, openLogin: none, openSubscribe: none });

/** Opens the frame's popins from anywhere in a public page ('Créer votre liste' opens signup). */
export const usePublicPopins = () => useContext(PublicPopinsContext);
