import { createContext, useContext } from 'react';

export interface PublicPopins {
  openSignup: () => void;
  openLogin: () => void;
}

export const PublicPopinsContext = createContext<PublicPopins>({ openSignup: () => undefined, openLogin: () => undefined });

/** Opens the frame's popins from anywhere in a public page ('Créer votre liste' opens signup). */
export const usePublicPopins = () => useContext(PublicPopinsContext);
