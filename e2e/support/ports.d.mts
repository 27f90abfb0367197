export declare const E2E_PORTS: { journeys: number; smtp: number; mailbox: number; office: number };
