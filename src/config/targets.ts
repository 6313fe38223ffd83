// The upstream APIs a configuration names: read from the settings here, and called with them by src/call/.

/** Where the Connector API is and the credential it takes. */
export interface ConnectorTarget {
  baseUrl: string;
  token: string;
}

/** Where the Content API is, its key, and the acting user. */
export interface ContentTarget {
  baseUrl: string;
  apiKey: string;
  userId: string | undefined;
}

export interface Targets {
  connector?: ConnectorTarget | undefined;
  content?: ContentTarget | undefined;
}
