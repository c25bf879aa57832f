import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The `type` tags of a command union as the source declares it (`export type ProductCommand = CreateProduct | …`
 * in a decider's commands.ts), read with the TypeScript compiler: commands are types only, so this is the one list
 * of them that a new command joins by being written, with nothing else to remember.
 */
export function commandTypesOf(file: URL, unionName: string): string[] {
  const path = fileURLToPath(file);
  // The union and its members live in the one file; nothing it imports is needed to read their tags.
  const program = ts.createProgram([path], { noResolve: true, noLib: true, noEmit: true, types: [] });
  const source = program.getSourceFile(path);
  if (source === undefined) throw new Error(`cannot read ${path}`);
  const declaration = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === unionName,
  );
  if (declaration === undefined) throw new Error(`${path} declares no type ${unionName}`);
  const checker = program.getTypeChecker();
  const union = checker.getTypeAtLocation(declaration.name);
  const members = union.isUnion() ? union.types : [union];
  return members.map((member) => {
    const tag = member.getProperty('type');
    const tagType = tag && checker.getTypeOfSymbolAtLocation(tag, declaration);
    if (!tagType?.isStringLiteral()) {
      throw new Error(`a member of ${unionName} has no literal type tag: ${checker.typeToString(member)}`);
    }
    return tagType.value;
  });
}
