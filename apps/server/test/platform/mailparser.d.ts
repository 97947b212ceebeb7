// mailparser ships no types and @types/mailparser is not installed: the little the tests use.
declare module 'mailparser' {
  export interface EmailAddress {
    address?: string;
    name: string;
  }
  export interface AddressObject {
    value: EmailAddress[];
    text: string;
  }
  export interface ParsedMail {
    subject?: string;
    text?: string;
    html: string | false;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    messageId?: string;
  }
  export function simpleParser(source: Buffer | string): Promise<ParsedMail>;
}
